<?php

declare(strict_types=1);

namespace Hashbench\Adapter;

use Closure;
use Hashbench\RunnerError;

/**
 * ext/hash: hash() one-shot, hash_init / hash_update / hash_final (a new HashContext per
 * op), and hash_pbkdf2. A finalized HashContext cannot be reused and there is no
 * hash_reset, so there is no reset mode (hash_copy of a fresh context is a new object).
 */
final class Hash extends Base
{
    private const DIGESTS = [
        'md5' => 'md5', 'sha1' => 'sha1', 'sha256' => 'sha256', 'sha512' => 'sha512',
        'sha3-256' => 'sha3-256',
    ];

    private const PBKDF2 = ['pbkdf2-sha1' => 'sha1', 'pbkdf2-sha256' => 'sha256', 'pbkdf2-sha512' => 'sha512'];

    public function info(): array
    {
        return [
            'id' => 'php/hash',
            'version' => PHP_VERSION,
            'ops' => ['derive', 'digest', 'bench'],
            'modes' => ['oneshot', 'new'],
            'encoding' => null,
            'alloc' => true,
            'defaults' => false,
            'unchecked' => true,
            'notes' => "PHP's own C code (not OpenSSL); no reset mode",
        ];
    }

    public function deriver(string $alg, array $p, string $password, string $salt, int $length): Closure
    {
        $algo = self::PBKDF2[$alg] ?? throw RunnerError::unsupported("php/hash derive has no $alg");
        $iterations = $p['iterations'];
        return static fn (): string => hash_pbkdf2($algo, $password, $salt, $iterations, $length, true);
    }

    public function digester(string $alg, string $mode, string $input): Closure
    {
        $algo = self::DIGESTS[$alg] ?? throw RunnerError::unsupported("php/hash digest has no $alg");
        return match ($mode) {
            'oneshot' => static fn (): string => hash($algo, $input, true),
            'new' => static function () use ($algo, $input): string {
                $ctx = hash_init($algo);
                hash_update($ctx, $input);
                return hash_final($ctx, true);
            },
            default => throw RunnerError::unsupported("php/hash has no $mode mode"),
        };
    }
}
