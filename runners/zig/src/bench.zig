//! The timed loop of protocol v1 ("bench"): read the monotonic clock, run the op `iters`
//! times, read the clock. Between the two reads there is nothing but the op and the sink
//! (an XOR of one byte of each result), which the reply returns so no op can be elided.
const std = @import("std");
const adapters = @import("adapters.zig");
const protocol = @import("protocol.zig");
const Failure = protocol.Failure;

pub const Op = enum { derive, hash, verify, hash_verify, digest, noop };

/// One op, prepared outside the timing: what it runs and where its result goes.
pub const Job = struct {
    op: Op,
    ctx: *const adapters.Ctx,
    impl: *const adapters.Impl = undefined,
    case: *const adapters.Case = undefined,
    digest: adapters.DigestFn = undefined,
    input: []const u8 = "",
    /// verify: the string checked
    encoded: []const u8 = "",
    out: []u8 = &.{},
    hash_buf: []u8 = &.{},
    /// the last result: bytes (out), an encoded string, a verdict
    last_encoded: []const u8 = "",
    valid: bool = false,

    /// Runs the op once; returns a byte of its result for the sink.
    pub fn run(job: *Job, f: *Failure) adapters.Error!u8 {
        switch (job.op) {
            .noop => return 1,
            .digest => {
                job.digest(job.input, job.out);
                return job.out[0];
            },
            .derive => {
                try job.impl.derive.?(job.ctx, job.case, job.out, f);
                return job.out[0];
            },
            .hash => {
                job.last_encoded = try job.impl.hash.?(job.ctx, job.case, job.hash_buf, f);
                return lastByte(job.last_encoded);
            },
            .verify => {
                job.valid = try job.impl.verify.?(job.ctx, job.case.alg, job.case.password, job.encoded, f);
                return @intFromBool(job.valid);
            },
            .hash_verify => {
                job.last_encoded = try job.impl.hash.?(job.ctx, job.case, job.hash_buf, f);
                job.valid = try job.impl.verify.?(job.ctx, job.case.alg, job.case.password, job.last_encoded, f);
                return lastByte(job.last_encoded) ^ @intFromBool(job.valid);
            },
        }
    }
};

fn lastByte(s: []const u8) u8 {
    return if (s.len == 0) 0 else s[s.len - 1];
}

pub fn now(io: std.Io) i96 {
    return std.Io.Clock.awake.now(io).nanoseconds;
}

/// Fills `samples_ns` with timed samples of `iters` ops each; returns the sink.
pub fn sample(io: std.Io, job: *Job, iters: u64, samples_ns: []u64, f: *Failure) adapters.Error!u8 {
    var sink: u8 = 0;
    for (samples_ns) |*slot| {
        const t0 = now(io);
        var i: u64 = 0;
        while (i < iters) : (i += 1) sink ^= try job.run(f);
        const t1 = now(io);
        slot.* = @intCast(@max(t1 - t0, 0));
    }
    std.mem.doNotOptimizeAway(sink);
    return sink;
}

/// The smallest positive step seen between consecutive clock reads.
pub fn resolution(io: std.Io) u64 {
    var best: i96 = std.math.maxInt(i64);
    var trial: usize = 0;
    while (trial < 2000) : (trial += 1) {
        const a = now(io);
        var b = now(io);
        while (b == a) b = now(io);
        best = @min(best, b - a);
    }
    return @intCast(@max(best, 1));
}
