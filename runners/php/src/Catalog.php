<?php

declare(strict_types=1);

namespace Hashbench;

/**
 * The compiled catalog (docs/protocol.md, "The catalog a runner reads"), read once at
 * start-up: every algorithm's parameter schema, and the implementations this runner
 * serves. The runner refuses out-of-range values itself before any library sees them.
 */
final class Catalog
{
    /** @var array<string, mixed>|null */
    private static ?array $data = null;

    /** @return array<string, mixed> */
    private static function data(): array
    {
        if (self::$data === null) {
            $path = getenv('HASHBENCH_CATALOG') ?: ((getenv('HASHBENCH_ROOT') ?: dirname(__DIR__, 3)) . '/build/catalog.json');
            $text = @file_get_contents($path);
            $data = $text === false ? null : json_decode($text, true);
            if (!is_array($data)) {
                fwrite(STDERR, "cannot read the compiled catalog $path (run hashbench build)\n");
                exit(1);
            }
            if (($data['catalog'] ?? null) !== 1 || !is_array($data['algorithms'] ?? null)
                || !is_array($data['runners'] ?? null)) {
                fwrite(STDERR, "$path is not a compiled catalog of format 1 (run hashbench build)\n");
                exit(1);
            }
            self::$data = $data;
        }
        return self::$data;
    }

    /** @return array<string, array{library: string, backend: string, algorithms: list<string>}> */
    public static function served(string $runner): array
    {
        return self::data()['runners'][$runner] ?? [];
    }

    /** @return array<string, mixed>|null */
    private static function spec(string $alg): ?array
    {
        return self::data()['algorithms'][$alg] ?? null;
    }

    public static function isPassword(string $alg): bool
    {
        return (self::spec($alg)['kind'] ?? null) === 'password';
    }

    public static function isDigest(string $alg): bool
    {
        return (self::spec($alg)['kind'] ?? null) === 'digest';
    }

    public static function defaultLength(string $alg, ?string $op = null): int
    {
        if ($alg === 'scrypt' && $op === 'derive') {
            return 64; // the protocol's derive default
        }
        return self::spec($alg)['length']['default'] ?? 0;
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
        $spec = self::spec($alg);
        if ($spec === null || $spec['kind'] !== 'password') {
            throw RunnerError::unsupported("unknown algorithm $alg");
        }
        foreach (array_keys($params) as $key) {
            if (!isset($spec['params'][$key])) {
                throw RunnerError::invalidParams("unknown parameter $key for $alg");
            }
        }
        $out = [];
        foreach ($spec['params'] as $key => $rule) {
            $out[$key] = $params[$key] ?? $rule['default'];
        }
        if ($unchecked) {
            return $out;
        }
        foreach ($spec['params'] as $key => $rule) {
            $value = $out[$key];
            if (isset($rule['choices']) && !in_array($value, $rule['choices'], true)) {
                throw RunnerError::invalidParams("$key=$value: must be one of " . implode(', ', $rule['choices']));
            }
            $min = $rule['min'] ?? PHP_INT_MIN;
            $max = $rule['max'] ?? PHP_INT_MAX;
            if ($value < $min || $value > $max) {
                throw RunnerError::invalidParams("$key=$value outside $min..$max for $alg");
            }
            if (!empty($rule['power_of_two']) && ($value & ($value - 1)) !== 0) {
                throw RunnerError::invalidParams("$key=$value is not a power of two");
            }
            if (isset($rule['min_per'])) {
                $floor = $rule['min_per']['factor'] * $out[$rule['min_per']['param']];
                if ($value < $floor) {
                    throw RunnerError::invalidParams("$key=$value below {$rule['min_per']['factor']}*{$rule['min_per']['param']}=$floor");
                }
            }
        }
        if ($length !== null && isset($spec['length'])) {
            ['min' => $min, 'max' => $max] = $spec['length'];
            if ($length < $min || $length > $max) {
                throw RunnerError::invalidParams("length=$length outside $min..$max for $alg");
            }
        }
        if ($salt !== null && isset($spec['salt'])) {
            $n = strlen($salt);
            $min = $spec['salt']['min'];
            $max = $spec['salt']['max'] ?? null;
            if ($n < $min || ($max !== null && $n > $max)) {
                $shown = $max ?? 'any';
                throw RunnerError::invalidParams("salt of $n bytes outside $min..$shown for $alg");
            }
        }
        return $out;
    }
}
