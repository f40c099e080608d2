"""blake3 (the `blake3` package: Rust bindings to the official crate), as its README shows:
`blake3(data).digest()`, or `h = blake3(); h.update(data); h.digest()`; `reset()` exists.

Single-threaded, the default (the README's `max_threads=blake3.AUTO` for large inputs is
not benchmarked here).
"""

from __future__ import annotations

from blake3 import __version__, blake3

from hbrunner.adapters import Adapter, unsupported_mode


class Blake3(Adapter):
    id = "python/blake3"
    version = __version__
    ops = ["digest", "bench"]
    modes = ["oneshot", "new", "reset"]
    notes = "blake3-py (official Rust crate, SIMD); single-threaded (max_threads default)"

    def digest_op(self, alg, mode, data):
        if mode == "oneshot":
            return lambda: blake3(data).digest()
        if mode == "new":

            def op():
                h = blake3()
                h.update(data)
                return h.digest()

            return op
        if mode == "reset":
            h = blake3()

            def op():
                h.reset()
                h.update(data)
                return h.digest()

            return op
        raise unsupported_mode(self, alg, mode)


ADAPTER = Blake3()
