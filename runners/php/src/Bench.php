<?php

declare(strict_types=1);

namespace Hashbench;

use Closure;

/**
 * The timed loop: read hrtime, call the op `iters` times feeding every output into a
 * sink, read hrtime. Nothing else runs between the two clock reads.
 */
final class Bench
{
    /** Digest input of `size` bytes: byte i = i mod 251 (BLAKE3's test pattern). */
    public static function pattern(int $size): string
    {
        $block = '';
        for ($i = 0; $i < 251; ++$i) {
            $block .= chr($i);
        }
        return substr(str_repeat($block, intdiv($size, 251) + 1), 0, $size);
    }

    /**
     * Time a closure returning a string (digest, derive, hash, noop).
     *
     * @param Closure(): string $op
     * @return array{0: list<int>, 1: int, 2: string} samples, sink, last result
     */
    public static function strings(Closure $op, int $iters, int $samples): array
    {
        $sink = 0;
        $r = '';
        $out = [];
        for ($s = 0; $s < $samples; ++$s) {
            $t0 = hrtime(true);
            for ($i = 0; $i < $iters; ++$i) {
                $r = $op();
                $sink ^= ord($r);
            }
            $out[] = hrtime(true) - $t0;
        }
        return [$out, $sink, $r];
    }

    /**
     * Time a closure returning a bool (verify, hash_verify).
     *
     * @param Closure(): bool $op
     * @return array{0: list<int>, 1: int, 2: bool}
     */
    public static function bools(Closure $op, int $iters, int $samples): array
    {
        $sink = 0;
        $r = false;
        $out = [];
        for ($s = 0; $s < $samples; ++$s) {
            $t0 = hrtime(true);
            for ($i = 0; $i < $iters; ++$i) {
                $r = $op();
                $sink ^= (int) $r;
            }
            $out[] = hrtime(true) - $t0;
        }
        return [$out, $sink, $r];
    }

    /**
     * Bytes of PHP heap (Zend MM) held at the peak of one op above the level before it:
     * PHP counts no cumulative allocations, and C libraries' own malloc is not seen.
     */
    public static function allocPerOp(Closure $op): float
    {
        gc_collect_cycles();
        memory_reset_peak_usage();
        $base = memory_get_usage();
        $r = $op();
        $peak = memory_get_peak_usage();
        unset($r);
        return (float) max(0, $peak - $base);
    }

    public static function peakRss(): int
    {
        return (int) (getrusage()['ru_maxrss'] ?? 0) * 1024;
    }
}
