"""CaseId: what was measured, with one canonical string form.

The string is what filters, file names, `compare` and the history store match on:

    <impl>:<alg>:<op>:<mode>:<k=v,...>

where the last field lists the parameters in catalog order, then `length=` (password
hashes with an output length) or `size=` (digest input bytes). Examples:

    rust/argon2:argon2id:hash:oneshot:m=65536,t=3,p=4,version=19,length=32
    c/openssl:sha256:digest:reset:size=1024
"""

from __future__ import annotations

import msgspec


class CaseId(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    impl: str
    alg: str
    op: str
    mode: str = "oneshot"
    params: dict[str, int] = {}
    length: int | None = None
    input_size: int | None = None

    def key(self) -> str:
        fields = [f"{k}={v}" for k, v in self.params.items()]
        if self.length is not None:
            fields.append(f"length={self.length}")
        if self.input_size is not None:
            fields.append(f"size={self.input_size}")
        return f"{self.impl}:{self.alg}:{self.op}:{self.mode}:{','.join(fields)}"

    def __str__(self) -> str:
        return self.key()

    @property
    def runner(self) -> str:
        return self.impl.split("/", 1)[0]

    @classmethod
    def parse(cls, key: str) -> CaseId:
        """The inverse of key(); ValueError names what is wrong."""
        parts = key.split(":")
        if len(parts) != 5 or not all(parts[:4]):
            raise ValueError(f"not a case id (impl:alg:op:mode:params): {key!r}")
        impl, alg, op, mode, rest = parts
        params: dict[str, int] = {}
        length = size = None
        for item in filter(None, rest.split(",")):
            name, sep, value = item.partition("=")
            if not sep or not value.lstrip("-").isdigit():
                raise ValueError(f"case id {key!r}: {item!r} is not name=integer")
            if name == "length":
                length = int(value)
            elif name == "size":
                size = int(value)
            else:
                params[name] = int(value)
        return cls(impl, alg, op, mode, params, length, size)
