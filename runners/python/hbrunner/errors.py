"""Error kinds of runner protocol v1; every failure becomes one of these, then a reply."""

from __future__ import annotations


class RunnerError(Exception):
    kind = "library_error"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message or self.kind


class ProtocolError(RunnerError):
    kind = "protocol"


class Unsupported(RunnerError):
    kind = "unsupported"


class InvalidParams(RunnerError):
    kind = "invalid_params"


class InvalidInput(RunnerError):
    kind = "invalid_input"


class LibraryError(RunnerError):
    kind = "library_error"
