<?php

declare(strict_types=1);

namespace Hashbench;

/**
 * A failure that becomes an error reply: kind is one of protocol, unsupported,
 * invalid_params, invalid_input, library_error (docs/protocol.md "Errors").
 */
final class RunnerError extends \Exception
{
    public function __construct(public readonly string $kind, string $message)
    {
        parent::__construct($message);
    }

    public static function unsupported(string $message): self
    {
        return new self('unsupported', $message);
    }

    public static function invalidParams(string $message): self
    {
        return new self('invalid_params', $message);
    }

    public static function invalidInput(string $message): self
    {
        return new self('invalid_input', $message);
    }

    public static function protocol(string $message): self
    {
        return new self('protocol', $message);
    }
}
