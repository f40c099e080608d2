<?php

declare(strict_types=1);

namespace Hashbench\Adapter;

use Closure;
use Hashbench\RunnerError;

/**
 * password_hash() / password_verify(), PHP's own password API: it makes the salt itself
 * (PHP 8 removed the `salt` option), emits `$2y$` for bcrypt and PHC strings for argon2
 * through libargon2, with a fixed 32-byte tag.
 */
final class PasswordHash extends Base
{
    private const ALGOS = ['bcrypt' => PASSWORD_BCRYPT, 'argon2id' => PASSWORD_ARGON2ID, 'argon2i' => PASSWORD_ARGON2I];

    public function info(): array
    {
        return [
            'id' => 'php/password_hash',
            'version' => PHP_VERSION . ' (argon2: ' . PASSWORD_ARGON2_PROVIDER . ' libargon2)',
            'ops' => ['hash', 'verify', 'bench'],
            'modes' => [],
            'encoding' => ['bcrypt' => 'mcf', 'argon2id' => 'phc', 'argon2i' => 'phc'],
            'alloc' => true,
            'defaults' => true,
            'unchecked' => true,
            'notes' => 'bcrypt emits MCF $2y$, argon2 emits PHC; salt is always its own; '
                . 'argon2 tag is 32 bytes and version 19 only; password_verify reports '
                . 'malformed hashes as false; bcrypt refuses a password with a NUL byte',
        ];
    }

    public function hasher(string $alg, array $p, string $password, ?string $salt, int $length): Closure
    {
        $algo = self::ALGOS[$alg] ?? throw RunnerError::unsupported("password_hash has no $alg");
        if ($salt !== null) {
            throw RunnerError::unsupported('password_hash makes its own salt (no salt option since PHP 8.0)');
        }
        if ($alg === 'bcrypt') {
            $options = ['cost' => $p['cost']];
        } else {
            if ($length !== 32) {
                throw RunnerError::unsupported('password_hash argon2 tag length is fixed at 32 bytes');
            }
            if ($p['version'] !== 19) {
                throw RunnerError::unsupported('password_hash argon2 emits version 19 only');
            }
            $options = ['memory_cost' => $p['m'], 'time_cost' => $p['t'], 'threads' => $p['p']];
        }
        return static fn (): string => password_hash($password, $algo, $options);
    }

    public function defaultHasher(string $alg, string $password): Closure
    {
        $algo = self::ALGOS[$alg] ?? throw RunnerError::unsupported("password_hash has no $alg");
        return static fn (): string => password_hash($password, $algo);
    }

    public function verifier(string $alg): Closure
    {
        self::ALGOS[$alg] ?? throw RunnerError::unsupported("password_verify has no $alg");
        return static fn (string $password, string $encoded): bool => password_verify($password, $encoded);
    }
}
