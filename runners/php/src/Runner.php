<?php

declare(strict_types=1);

namespace Hashbench;

use Closure;
use Hashbench\Adapter\Adapter;

/** Protocol v1 (docs/protocol.md): hello, then one reply per request line. */
final class Runner
{
    /** The longest request line read, in bytes before the newline (docs/protocol.md). */
    private const MAX_LINE = 16 * 1024 * 1024;

    /** @var array<string, Adapter> */
    private array $impls = [];

    /** @var array<string, array<string, mixed>> the hello entries: the adapter's, under the catalog's names */
    private array $infos = [];

    /** @param list<Adapter> $adapters */
    public function __construct(array $adapters)
    {
        $served = Catalog::served('php');
        foreach ($adapters as $adapter) {
            $id = $adapter->info()['id'];
            if (!isset($served[$id])) {
                fwrite(STDERR, "$id is not in the catalog; left out\n");
                continue;
            }
            $this->impls[$id] = $adapter;
            $this->infos[$id] = $served[$id] + $adapter->info();
        }
    }

    public function run(): int
    {
        $this->send([
            'hello' => 1,
            'runner' => 'php',
            'runtime' => 'PHP ' . PHP_VERSION . ' (' . PHP_SAPI . ', Zend ' . zend_version() . ')',
            'timer' => ['clock' => 'CLOCK_MONOTONIC (hrtime)', 'resolution_ns' => 1],
            'implementations' => array_values($this->infos),
        ]);
        while (($line = self::readLine()) !== false) {
            if (is_int($line)) {
                $message = "request line of {$line} bytes is over the limit of " . self::MAX_LINE;
                $this->send(['id' => null, 'error' => ['kind' => 'protocol', 'message' => $message]]);
                continue;
            }
            $line = rtrim($line, "\r\n");
            if (trim($line) === '') {
                continue;
            }
            $id = null;
            try {
                $req = Request::parse($line, $id);
                $reply = $this->handle($req);
                if ($reply === null) {
                    $this->send(['id' => $id, 'ok' => true]);
                    return 0;
                }
                $this->send(['id' => $id] + $reply);
            } catch (RunnerError $e) {
                $this->send(['id' => $id, 'error' => ['kind' => $e->kind, 'message' => $e->getMessage()]]);
            } catch (\ValueError | \TypeError | \ArgumentCountError $e) {
                // PHP's argument errors: a refused parameter, or a refused input (a NUL byte)
                $kind = str_contains($e->getMessage(), 'null character') ? 'invalid_input' : 'invalid_params';
                $this->send(['id' => $id, 'error' => ['kind' => $kind, 'message' => $e->getMessage()]]);
            } catch (\Throwable $e) {
                $this->send(['id' => $id, 'error' => [
                    'kind' => 'library_error',
                    'message' => get_class($e) . ': ' . ($e->getMessage() ?: 'failed'),
                ]]);
            }
        }
        return 0;
    }

    /**
     * The next request line; for a line over MAX_LINE its length instead, read through to
     * its newline a megabyte at a time and not kept (docs/protocol.md, "Line length").
     */
    private static function readLine(): string|int|false
    {
        $line = fgets(STDIN, self::MAX_LINE + 2);
        if ($line === false || str_ends_with($line, "\n") || strlen($line) <= self::MAX_LINE) {
            return $line;
        }
        $size = strlen($line);
        while (!str_ends_with($line, "\n") && ($line = fgets(STDIN, 1 << 20)) !== false) {
            $size += strlen($line);
        }
        return $line === false ? $size : $size - 1;
    }

    /** @param array<string, mixed> $obj */
    private function send(array $obj): void
    {
        $flags = JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION;
        fwrite(STDOUT, json_encode($obj, $flags | JSON_THROW_ON_ERROR) . "\n");
        fflush(STDOUT);
    }

    /** @return array<string, mixed>|null null for quit */
    private function handle(Request $req): ?array
    {
        $cmd = $req->str('cmd');
        if ($cmd === 'quit') {
            return null;
        }
        if ($cmd === 'bench') {
            return $this->bench($req);
        }
        if (!in_array($cmd, ['derive', 'hash', 'verify', 'digest'], true)) {
            throw RunnerError::unsupported("unknown cmd $cmd");
        }
        [$adapter, $alg] = $this->target($req, $cmd);
        return match ($cmd) {
            'derive' => ['output' => Hex::encode($this->op($req, $adapter, $alg, 'derive')())],
            'hash' => ['encoded' => ($req->has('params')
                ? $this->op($req, $adapter, $alg, 'hash')
                : $adapter->defaultHasher($alg, $this->password($req)))()],
            'verify' => ['valid' => $adapter->verifier($alg)($this->password($req), $req->str('encoded'))],
            'digest' => ['output' => Hex::encode($adapter->digester($alg, 'oneshot', (string) $req->hex('input', ''))())],
        };
    }

    /** @return array{0: Adapter, 1: string} */
    private function target(Request $req, string $op): array
    {
        $id = $req->str('impl');
        $adapter = $this->impls[$id] ?? throw RunnerError::unsupported("unknown impl $id");
        $alg = $req->str('alg');
        $info = $this->infos[$adapter->info()['id']];
        if (!in_array($alg, $info['algorithms'], true)) {
            throw RunnerError::unsupported("$id does not offer algorithm $alg");
        }
        if (!in_array($op, $info['ops'], true)) {
            throw RunnerError::unsupported("$id does not offer op $op");
        }
        $digest = Catalog::isDigest($alg);
        if ($digest !== ($op === 'digest')) {
            throw RunnerError::unsupported("op $op does not apply to $alg");
        }
        return [$adapter, $alg];
    }

    private function password(Request $req): string
    {
        return (string) $req->hex('password', '');
    }

    /** Build the derive or hash closure after checking the catalog ranges. */
    private function op(Request $req, Adapter $adapter, string $alg, string $op): Closure
    {
        $salt = $req->hex('salt');
        $length = $req->int('length', Catalog::defaultLength($alg, $op));
        $params = Catalog::validate($alg, $req->params(), $length, $salt, $req->bool('unchecked'));
        if ($op === 'derive') {
            if ($salt === null) {
                throw RunnerError::protocol('derive needs a salt');
            }
            if ($req->has('secret') || $req->has('ad')) {
                throw RunnerError::unsupported("{$adapter->info()['id']} takes no secret or associated data");
            }
            return $adapter->deriver($alg, $params, $this->password($req), $salt, $length);
        }
        return $adapter->hasher($alg, $params, $this->password($req), $salt, $length);
    }

    /** @return array<string, mixed> */
    private function bench(Request $req): array
    {
        $iters = $req->int('iters');
        $samples = $req->int('samples', 1);
        if ($iters < 1 || $samples < 1) {
            throw RunnerError::invalidParams('iters and samples must be >= 1');
        }
        $op = $req->str('op');
        $last = [];
        if ($op === 'noop') {
            $fn = static fn (): string => "\x01";
            $kind = 'string';
        } else {
            $target = $op === 'hash_verify' ? 'hash' : $op;
            if (!in_array($op, ['derive', 'hash', 'verify', 'hash_verify', 'digest'], true)) {
                throw RunnerError::unsupported("unknown bench op $op");
            }
            [$adapter, $alg] = $this->target($req, $target);
            $mode = $req->str('mode', 'oneshot');
            if ($op === 'digest') {
                if (!in_array($mode, $adapter->info()['modes'], true)) {
                    throw RunnerError::unsupported("{$adapter->info()['id']} has no $mode mode");
                }
                $size = $req->int('input_size', 0);
                if ($size < 0 || $size > 1 << 30) {
                    throw RunnerError::invalidParams('input_size must be in 0..' . (1 << 30));
                }
                $input = $req->has('input') ? (string) $req->hex('input') : Bench::pattern($size);
                $fn = $adapter->digester($alg, $mode, $input);
                $kind = 'output';
            } elseif ($mode !== 'oneshot') {
                throw RunnerError::unsupported("mode $mode applies to digests only");
            } elseif ($op === 'derive') {
                $fn = $this->op($req, $adapter, $alg, 'derive');
                $kind = 'output';
            } elseif ($op === 'hash') {
                $fn = $this->op($req, $adapter, $alg, 'hash');
                $kind = 'encoded';
            } else {
                if (!in_array('verify', $adapter->info()['ops'], true)) {
                    throw RunnerError::unsupported("{$adapter->info()['id']} does not offer verify");
                }
                $verify = $adapter->verifier($alg);
                $password = $this->password($req);
                if ($op === 'verify') {
                    $encoded = $req->has('encoded') ? $req->str('encoded') : $this->op($req, $adapter, $alg, 'hash')();
                    $fn = static fn (): bool => $verify($password, $encoded);
                    $last['encoded'] = $encoded;
                } else {
                    $hash = $this->op($req, $adapter, $alg, 'hash');
                    $encoded = '';
                    $fn = static function () use ($hash, $verify, $password, &$encoded): bool {
                        $encoded = $hash();
                        return $verify($password, $encoded);
                    };
                }
                $kind = 'valid';
            }
        }
        if ($req->bool('warm', true)) {
            $fn(); // once untimed: a failing op fails the request here
        }
        if ($kind === 'valid') {
            [$ns, $sink, $r] = Bench::bools($fn, $iters, $samples);
            $last['valid'] = $r;
            if ($op === 'hash_verify') {
                $last['encoded'] = $encoded;
            }
        } else {
            [$ns, $sink, $r] = Bench::strings($fn, $iters, $samples);
            if ($kind === 'output') {
                $last['output'] = Hex::encode($r);
            } elseif ($kind === 'encoded') {
                $last['encoded'] = $r;
            }
        }
        $alloc = $req->bool('alloc', true) ? ['alloc_bytes_per_op' => Bench::allocPerOp($fn)] : [];
        return [
            'samples_ns' => $ns,
            'iters' => $iters,
            'check' => sprintf('%02x', $sink & 0xff),
        ] + $last + $alloc + ['peak_rss_bytes' => Bench::peakRss()];
    }
}
