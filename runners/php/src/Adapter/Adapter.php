<?php

declare(strict_types=1);

namespace Hashbench\Adapter;

use Closure;

/**
 * One library. Each method checks what the library can express and returns a closure
 * that makes exactly the library call (the timing loop calls it `iters` times); parameters
 * have already been range-checked against the catalog by the core.
 */
interface Adapter
{
    /** The implementation's entry in the hello line. @return array<string, mixed> */
    public function info(): array;

    /** @param array<string, int> $p @return Closure(): string raw output */
    public function deriver(string $alg, array $p, string $password, string $salt, int $length): Closure;

    /** @param array<string, int> $p @return Closure(): string encoded */
    public function hasher(string $alg, array $p, string $password, ?string $salt, int $length): Closure;

    /**
     * The call a user makes with no options (protocol "library defaults").
     *
     * @return Closure(): string encoded
     */
    public function defaultHasher(string $alg, string $password): Closure;

    /** @return Closure(string $password, string $encoded): bool */
    public function verifier(string $alg): Closure;

    /** @return Closure(): string raw digest */
    public function digester(string $alg, string $mode, string $input): Closure;
}
