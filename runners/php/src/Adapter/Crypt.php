<?php

declare(strict_types=1);

namespace Hashbench\Adapter;

use Closure;
use Hashbench\RunnerError;

/**
 * crypt(): the caller builds the setting string (`$2y$NN$` + 22 salt characters for
 * bcrypt, `$6$rounds=N$salt$` for sha512crypt) and compares with hash_equals, as the PHP
 * manual shows. crypt() makes no salt itself: without one the adapter draws it with
 * random_bytes(), which is what a PHP user of crypt() writes.
 */
final class Crypt extends Base
{
    private const B64 = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    private const CRYPT64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

    public function info(): array
    {
        return [
            'id' => 'php/crypt',
            'version' => PHP_VERSION,
            'ops' => ['hash', 'verify', 'bench'],
            'modes' => [],
            'encoding' => 'mcf',
            'alloc' => true,
            'defaults' => false,
            'unchecked' => true,
            'notes' => "PHP's bundled crypt_blowfish and sha512 crypt; no own salt "
                . '(random_bytes when none given); sha512crypt salt bytes must be crypt '
                . 'alphabet characters; a malformed hash verifies as false',
        ];
    }

    public function hasher(string $alg, array $p, string $password, ?string $salt, int $length): Closure
    {
        if ($alg === 'bcrypt') {
            $setting = sprintf('$2y$%02d$%s', $p['cost'], self::bcryptSalt($salt ?? random_bytes(16)));
        } elseif ($alg === 'sha512crypt') {
            if ($salt === null) {
                $salt = '';
                foreach (str_split(random_bytes(16)) as $byte) {
                    $salt .= self::CRYPT64[ord($byte) & 63];
                }
            } elseif (strspn($salt, self::CRYPT64) !== strlen($salt)) {
                throw RunnerError::invalidInput('sha512crypt salt must be characters of [./0-9A-Za-z]');
            }
            $setting = sprintf('$6$rounds=%d$%s$', $p['rounds'], $salt);
        } else {
            throw RunnerError::unsupported("crypt() adapter has no $alg");
        }
        return static function () use ($password, $setting): string {
            $hash = crypt($password, $setting);
            if (strlen($hash) < 13) { // crypt() reports a refused setting as "*0" or "*1"
                throw RunnerError::invalidParams("crypt() refused the setting $setting ($hash)");
            }
            return $hash;
        };
    }

    public function verifier(string $alg): Closure
    {
        if ($alg !== 'bcrypt' && $alg !== 'sha512crypt') {
            throw RunnerError::unsupported("crypt() adapter has no $alg");
        }
        return static fn (string $password, string $encoded): bool =>
            hash_equals($encoded, crypt($password, $encoded));
    }

    /** 16 raw bytes in bcrypt's base64 alphabet: 22 characters (the last carries 2 bits). */
    private static function bcryptSalt(string $raw): string
    {
        $out = '';
        $bits = 0;
        $acc = 0;
        foreach (str_split($raw) as $byte) {
            $acc = (($acc << 8) | ord($byte)) & 0xffff;
            $bits += 8;
            while ($bits >= 6) {
                $bits -= 6;
                $out .= self::B64[($acc >> $bits) & 63];
            }
        }
        if ($bits > 0) {
            $out .= self::B64[($acc << (6 - $bits)) & 63];
        }
        return $out;
    }
}
