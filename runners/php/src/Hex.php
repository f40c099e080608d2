<?php

declare(strict_types=1);

namespace Hashbench;

final class Hex
{
    public static function decode(string $hex, string $field): string
    {
        if (strlen($hex) % 2 !== 0 || ($hex !== '' && !ctype_xdigit($hex))) {
            throw RunnerError::invalidInput("field $field is not an even-length hex string");
        }
        return $hex === '' ? '' : (string) hex2bin($hex);
    }

    public static function encode(string $bytes): string
    {
        return bin2hex($bytes);
    }
}
