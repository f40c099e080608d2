"""Errors that end a command with a clear message (exit code 2: bad usage or configuration)."""


class UsageError(Exception):
    """Bad usage or configuration: unknown name, malformed file, parameter out of range."""
