<?php

declare(strict_types=1);

namespace Hashbench\Adapter;

use Closure;
use Hashbench\RunnerError;

/**
 * ext/sodium over libsodium: sodium_crypto_pwhash (argon2id raw output; libsodium fixes
 * p=1 and version 19 and takes a 16-byte salt), sodium_crypto_pwhash_str / _str_verify,
 * and sodium_crypto_generichash (BLAKE2b). Generic-hash state is a string passed by
 * reference; there is no reset, so modes are oneshot and new.
 */
final class Sodium extends Base
{
    /** libsodium's crypto_pwhash_BYTES_MIN (ext/sodium exports no constant for it). */
    private const BYTES_MIN = 16;

    public function info(): array
    {
        return [
            'id' => 'php/sodium',
            'version' => 'libsodium ' . SODIUM_LIBRARY_VERSION . ' (PHP ' . PHP_VERSION . ')',
            'ops' => ['derive', 'hash', 'verify', 'digest', 'bench'],
            'modes' => ['oneshot', 'new'],
            'encoding' => 'phc',
            'alloc' => true,
            'defaults' => false,
            'unchecked' => true,
            'notes' => 'argon2id with p=1, version 19, 16-byte salt, tag >= 16 bytes; '
                . 'no secret/ad; no generichash reset',
        ];
    }

    /** @param array<string, int> $p */
    private static function check(array $p): void
    {
        if ($p['p'] !== 1) {
            throw RunnerError::unsupported("libsodium argon2id runs one lane only (p=1), got p={$p['p']}");
        }
        if ($p['version'] !== 19) {
            throw RunnerError::unsupported('libsodium argon2id is version 19 only');
        }
    }

    public function deriver(string $alg, array $p, string $password, string $salt, int $length): Closure
    {
        if ($alg !== 'argon2id') {
            throw RunnerError::unsupported("php/sodium derive has no $alg");
        }
        self::check($p);
        if (strlen($salt) !== SODIUM_CRYPTO_PWHASH_SALTBYTES) {
            throw RunnerError::unsupported('sodium_crypto_pwhash takes a salt of exactly '
                . SODIUM_CRYPTO_PWHASH_SALTBYTES . ' bytes, got ' . strlen($salt));
        }
        if ($length < self::BYTES_MIN) {
            throw RunnerError::invalidParams('sodium_crypto_pwhash output is at least '
                . self::BYTES_MIN . " bytes, got $length");
        }
        $ops = $p['t'];
        $mem = $p['m'] * 1024;
        return static fn (): string => sodium_crypto_pwhash(
            $length,
            $password,
            $salt,
            $ops,
            $mem,
            SODIUM_CRYPTO_PWHASH_ALG_ARGON2ID13,
        );
    }

    public function hasher(string $alg, array $p, string $password, ?string $salt, int $length): Closure
    {
        if ($alg !== 'argon2id') {
            throw RunnerError::unsupported("php/sodium hash has no $alg");
        }
        self::check($p);
        if ($salt !== null) {
            throw RunnerError::unsupported('sodium_crypto_pwhash_str makes its own salt');
        }
        if ($length !== 32) {
            throw RunnerError::unsupported('sodium_crypto_pwhash_str tag length is fixed at 32 bytes');
        }
        $ops = $p['t'];
        $mem = $p['m'] * 1024;
        return static fn (): string => sodium_crypto_pwhash_str($password, $ops, $mem);
    }

    public function verifier(string $alg): Closure
    {
        if ($alg !== 'argon2id') {
            throw RunnerError::unsupported("php/sodium verify has no $alg");
        }
        return static fn (string $password, string $encoded): bool =>
            sodium_crypto_pwhash_str_verify($encoded, $password);
    }

    public function digester(string $alg, string $mode, string $input): Closure
    {
        if ($alg !== 'blake2b-512') {
            throw RunnerError::unsupported("php/sodium digest has no $alg");
        }
        $len = SODIUM_CRYPTO_GENERICHASH_BYTES_MAX;
        return match ($mode) {
            'oneshot' => static fn (): string => sodium_crypto_generichash($input, '', $len),
            'new' => static function () use ($input, $len): string {
                $state = sodium_crypto_generichash_init('', $len);
                sodium_crypto_generichash_update($state, $input);
                return sodium_crypto_generichash_final($state, $len);
            },
            default => throw RunnerError::unsupported("php/sodium has no $mode mode (no generichash reset)"),
        };
    }
}
