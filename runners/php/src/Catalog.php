<?php

declare(strict_types=1);

namespace Hashbench;

/**
 * Parameter ranges of catalog/algorithms.toml (PHP has no TOML reader in its standard
 * build, so the ranges are mirrored here). The runner refuses out-of-range values itself
 * before any library sees them.
 */
final class Catalog
{
    private const ARGON2 = [
        'length' => [32, 4, 1024],
        'salt_min' => 8,
        'params' => [
            'm' => [65536, 8, 4194304],
            't' => [3, 1, 1000],
            'p' => [4, 1, 255],
            'version' => [19, 16, 19],
        ],
    ];

    private const PASSWORD = [
        'argon2id' => self::ARGON2,
        'argon2i' => self::ARGON2,
        'argon2d' => self::ARGON2,
        'scrypt' => [
            'length' => [32, 1, 1024],
            'salt_min' => 0,
            'params' => ['n' => [65536, 2, 1073741824], 'r' => [8, 1, 1024], 'p' => [1, 1, 1024]],
        ],
        'bcrypt' => [
            'length' => null,
            'salt_min' => 16,
            'salt_max' => 16,
            'params' => ['cost' => [10, 4, 31]],
        ],
        'pbkdf2-sha1' => [
            'length' => [20, 1, 1024],
            'salt_min' => 0,
            'params' => ['iterations' => [600000, 1, 100000000]],
        ],
        'pbkdf2-sha256' => [
            'length' => [32, 1, 1024],
            'salt_min' => 0,
            'params' => ['iterations' => [600000, 1, 100000000]],
        ],
        'pbkdf2-sha512' => [
            'length' => [64, 1, 1024],
            'salt_min' => 0,
            'params' => ['iterations' => [210000, 1, 100000000]],
        ],
        'yescrypt' => [
            'length' => null,
            'salt_min' => 0,
            'params' => ['cost' => [5, 1, 11]],
        ],
        'sha512crypt' => [
            'length' => null,
            'salt_min' => 0,
            'salt_max' => 16,
            'params' => ['rounds' => [5000, 1000, 999999999]],
        ],
    ];

    public const DIGESTS = [
        'md5' => 16, 'sha1' => 20, 'sha256' => 32, 'sha512' => 64, 'sha3-256' => 32,
        'blake2b-512' => 64, 'blake2s-256' => 32, 'blake3' => 32,
    ];

    public static function isPassword(string $alg): bool
    {
        return isset(self::PASSWORD[$alg]);
    }

    public static function isDigest(string $alg): bool
    {
        return isset(self::DIGESTS[$alg]);
    }

    public static function defaultLength(string $alg, ?string $op = null): int
    {
        if ($alg === 'scrypt' && $op === 'derive') {
            return 64;
        }
        return self::PASSWORD[$alg]['length'][0] ?? 0;
    }

    /**
     * Fill defaults and check every range; returns the full parameter set. With
     * $unchecked (protocol "unchecked": true, for fidelity probes) only the defaults are
     * filled and the library sees the values as given.
     *
     * @param array<string, int> $params
     * @return array<string, int>
     */
    public static function validate(string $alg, array $params, ?int $length, ?string $salt, bool $unchecked = false): array
    {
        $spec = self::PASSWORD[$alg] ?? throw RunnerError::unsupported("unknown algorithm $alg");
        foreach (array_keys($params) as $key) {
            if (!isset($spec['params'][$key])) {
                throw RunnerError::invalidParams("unknown parameter $key for $alg");
            }
        }
        $out = [];
        foreach ($spec['params'] as $key => [$default]) {
            $out[$key] = $params[$key] ?? $default;
        }
        if ($unchecked) {
            return $out;
        }
        foreach ($spec['params'] as $key => [, $min, $max]) {
            $value = $out[$key];
            if ($value < $min || $value > $max) {
                throw RunnerError::invalidParams("$key=$value outside $min..$max for $alg");
            }
        }
        if (str_starts_with($alg, 'argon2')) {
            if ($out['version'] !== 16 && $out['version'] !== 19) {
                throw RunnerError::invalidParams("version={$out['version']}: must be 16 or 19");
            }
            if ($out['m'] < 8 * $out['p']) {
                throw RunnerError::invalidParams("m={$out['m']} below 8*p=" . 8 * $out['p'] . ' KiB');
            }
        }
        if ($alg === 'scrypt' && ($out['n'] & ($out['n'] - 1)) !== 0) {
            throw RunnerError::invalidParams("n={$out['n']} is not a power of two");
        }
        if ($length !== null && $spec['length'] !== null) {
            [, $min, $max] = $spec['length'];
            if ($length < $min || $length > $max) {
                throw RunnerError::invalidParams("length=$length outside $min..$max for $alg");
            }
        }
        if ($salt !== null) {
            $n = strlen($salt);
            if ($n < $spec['salt_min'] || (isset($spec['salt_max']) && $n > $spec['salt_max'])) {
                $max = $spec['salt_max'] ?? 'any';
                throw RunnerError::invalidParams("salt of $n bytes outside {$spec['salt_min']}..$max for $alg");
            }
        }
        return $out;
    }
}
