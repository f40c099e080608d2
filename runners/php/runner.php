<?php

/**
 * hashbench PHP runner: protocol v1 over stdin/stdout (docs/protocol.md).
 * Launch: php runners/php/runner.php
 */

declare(strict_types=1);

ini_set('display_errors', 'stderr');
ini_set('log_errors', '0');
ini_set('memory_limit', '-1');
error_reporting(E_ALL);
set_error_handler(static function (int $no, string $msg, string $file, int $line): bool {
    throw new ErrorException($msg, 0, $no, $file, $line);
});

require __DIR__ . '/src/RunnerError.php';
require __DIR__ . '/src/Hex.php';
require __DIR__ . '/src/Request.php';
require __DIR__ . '/src/Catalog.php';
require __DIR__ . '/src/Bench.php';
require __DIR__ . '/src/Adapter/Adapter.php';
require __DIR__ . '/src/Adapter/Base.php';
require __DIR__ . '/src/Adapter/PasswordHash.php';
require __DIR__ . '/src/Adapter/Sodium.php';
require __DIR__ . '/src/Adapter/Hash.php';
require __DIR__ . '/src/Adapter/Crypt.php';
require __DIR__ . '/src/Runner.php';

exit((new Hashbench\Runner([
    new Hashbench\Adapter\PasswordHash(),
    new Hashbench\Adapter\Sodium(),
    new Hashbench\Adapter\Hash(),
    new Hashbench\Adapter\Crypt(),
]))->run());
