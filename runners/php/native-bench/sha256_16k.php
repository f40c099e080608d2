<?php

/**
 * PHP's own way to time a call: an hrtime(true) loop, no framework. Times
 * hash('sha256', 16 KiB, true) exactly as the runner's php/hash oneshot adapter calls it,
 * with the same input (byte i = i mod 251), and prints the median ns per call.
 * Run: php runners/php/native-bench/sha256_16k.php [samples] [iters]
 */

declare(strict_types=1);

$samples = (int) ($argv[1] ?? 50);
$iters = (int) ($argv[2] ?? 200);
$data = '';
for ($i = 0; $i < 16384; ++$i) {
    $data .= chr($i % 251);
}
$r = hash('sha256', $data, true); // warm-up
$times = [];
for ($s = 0; $s < $samples; ++$s) {
    $t0 = hrtime(true);
    for ($i = 0; $i < $iters; ++$i) {
        $r = hash('sha256', $data, true);
    }
    $times[] = (hrtime(true) - $t0) / $iters;
}
sort($times);
$n = count($times);
$median = $n % 2 ? $times[intdiv($n, 2)] : ($times[$n / 2 - 1] + $times[$n / 2]) / 2;
printf("hrtime loop: sha256 16384 B oneshot median %.1f ns/op (%d samples x %d iters) %s\n",
    $median, $samples, $iters, bin2hex($r[0]));
