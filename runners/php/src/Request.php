<?php

declare(strict_types=1);

namespace Hashbench;

/**
 * One decoded request line with typed field accessors; a field of the wrong type is a
 * `protocol` error.
 */
final class Request
{
    /** @param array<string, mixed> $fields */
    private function __construct(public readonly mixed $id, private readonly array $fields)
    {
    }

    /**
     * Parse a line. Throws RunnerError('protocol') with $id set as far as it could be read.
     */
    public static function parse(string $line, mixed &$id): self
    {
        $id = null;
        try {
            $obj = json_decode($line, false, 64, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
        } catch (\JsonException $e) {
            throw RunnerError::protocol('malformed JSON: ' . $e->getMessage()); // also invalid UTF-8
        }
        if (!$obj instanceof \stdClass) {
            throw RunnerError::protocol('a request must be a JSON object');
        }
        $fields = get_object_vars($obj);
        if (array_key_exists('id', $fields) && is_int($fields['id'])) {
            $id = $fields['id'];
        } elseif (array_key_exists('id', $fields)) {
            throw RunnerError::protocol('field id must be an integer');
        }
        $req = new self($id, $fields);
        $req->str('cmd');
        return $req;
    }

    public function has(string $name): bool
    {
        return array_key_exists($name, $this->fields) && $this->fields[$name] !== null;
    }

    public function str(string $name, ?string $default = null): string
    {
        if (!$this->has($name)) {
            if ($default !== null) {
                return $default;
            }
            throw RunnerError::protocol("missing field $name");
        }
        $value = $this->fields[$name];
        if (!is_string($value)) {
            throw RunnerError::protocol("field $name must be a string");
        }
        return $value;
    }

    public function int(string $name, ?int $default = null): int
    {
        if (!$this->has($name)) {
            if ($default !== null) {
                return $default;
            }
            throw RunnerError::protocol("missing field $name");
        }
        $value = $this->fields[$name];
        if (!is_int($value)) {
            throw RunnerError::protocol("field $name must be an integer");
        }
        return $value;
    }

    public function bool(string $name, bool $default = false): bool
    {
        if (!$this->has($name)) {
            return $default;
        }
        $value = $this->fields[$name];
        if (!is_bool($value)) {
            throw RunnerError::protocol("field $name must be a boolean");
        }
        return $value;
    }

    /** Hex field decoded to bytes; null when absent and no default. */
    public function hex(string $name, ?string $default = null): ?string
    {
        if (!$this->has($name)) {
            return $default;
        }
        return Hex::decode($this->str($name), $name);
    }

    /** @return array<string, int> */
    public function params(): array
    {
        if (!$this->has('params')) {
            return [];
        }
        $value = $this->fields['params'];
        if (!$value instanceof \stdClass) {
            throw RunnerError::protocol('field params must be an object');
        }
        $params = get_object_vars($value);
        foreach ($params as $key => $v) {
            if (!is_int($v)) {
                throw RunnerError::protocol("params.$key must be an integer");
            }
        }
        return $params;
    }
}
