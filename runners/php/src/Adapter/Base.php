<?php

declare(strict_types=1);

namespace Hashbench\Adapter;

use Closure;
use Hashbench\RunnerError;

/** Default: every op unsupported; adapters override what their library offers. */
abstract class Base implements Adapter
{
    public function deriver(string $alg, array $p, string $password, string $salt, int $length): Closure
    {
        throw RunnerError::unsupported("{$this->info()['id']} has no derive");
    }

    public function hasher(string $alg, array $p, string $password, ?string $salt, int $length): Closure
    {
        throw RunnerError::unsupported("{$this->info()['id']} has no hash");
    }

    public function defaultHasher(string $alg, string $password): Closure
    {
        throw RunnerError::unsupported("{$this->info()['id']} has no call without parameters");
    }

    public function verifier(string $alg): Closure
    {
        throw RunnerError::unsupported("{$this->info()['id']} has no verify");
    }

    public function digester(string $alg, string $mode, string $input): Closure
    {
        throw RunnerError::unsupported("{$this->info()['id']} has no digest");
    }
}
