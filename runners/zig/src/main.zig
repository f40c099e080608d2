//! hashbench runner for Zig: protocol v1 over stdin/stdout (docs/protocol.md), the
//! libraries being Zig's own std.crypto. The catalog is read at start-up (catalog.zig),
//! requests are parsed and checked (protocol.zig), the library calls are adapters.zig's
//! and the timed loop bench.zig's.
const std = @import("std");
const builtin = @import("builtin");
const json = std.json;
const adapters = @import("adapters.zig");
const bench = @import("bench.zig");
const catalog = @import("catalog.zig");
const memory = @import("memory.zig");
const protocol = @import("protocol.zig");
const Failure = protocol.Failure;
const Request = protocol.Request;

const runner = "zig";
const max_line = 16 << 20; // bytes before the newline
const max_input = 1 << 30; // bench input_size
const max_samples = 1 << 20;

const Served = struct { impl: *const adapters.Impl, row: catalog.Row, id: []const u8 };

const Runner = struct {
    io: std.Io,
    cat: catalog.Catalog,
    served: []const Served,
    counting: *memory.Counting,
    out: *json.Stringify,

    fn find(self: *const Runner, id: []const u8) ?*const Served {
        for (self.served) |*s| if (std.mem.eql(u8, s.id, id)) return s;
        return null;
    }
};

pub fn main(init: std.process.Init) !void {
    const io = init.io;
    const arena = init.arena.allocator();
    var why: []const u8 = "";
    const file = try catalog.path(arena, init.environ_map);
    const cat = catalog.load(arena, io, file, runner, &why) catch {
        std.debug.print("zig runner: cannot read the compiled catalog {s}: {s} (run hashbench build)\n", .{ file, why });
        std.process.exit(1);
    };
    var served: std.ArrayList(Served) = .empty;
    for (&adapters.all) |*impl| {
        const id = try std.fmt.allocPrint(arena, "{s}/{s}", .{ runner, impl.name });
        if (cat.row(id)) |row| try served.append(arena, .{ .impl = impl, .row = row, .id = id });
    }
    var counting: memory.Counting = .{ .child = init.gpa };
    var out_buf: [64 << 10]u8 = undefined;
    var stdout = std.Io.File.stdout().writerStreaming(io, &out_buf);
    var s: json.Stringify = .{ .writer = &stdout.interface };
    var r: Runner = .{ .io = io, .cat = cat, .served = served.items, .counting = &counting, .out = &s };
    try hello(&r);

    const in_buf = try init.gpa.alloc(u8, max_line + 1);
    var stdin = std.Io.File.stdin().readerStreaming(io, in_buf);
    const reader = &stdin.interface;
    var request_arena = std.heap.ArenaAllocator.init(init.gpa);
    while (true) {
        _ = request_arena.reset(.retain_capacity);
        const line = reader.takeDelimiter('\n') catch |err| switch (err) {
            error.StreamTooLong => {
                const n = reader.discardDelimiterInclusive('\n') catch |e| switch (e) {
                    error.EndOfStream => reader.bufferedLen(),
                    else => return,
                };
                var f: Failure = .{};
                _ = f.set(.protocol, "request line of over {d} bytes is over the limit of {d}", .{ n, max_line }) catch {};
                try protocol.writeError(&s, null, f.kind, f.msg);
                continue;
            },
            error.ReadFailed => return,
        } orelse return;
        const trimmed = std.mem.trimEnd(u8, line, "\r");
        if (std.mem.trim(u8, trimmed, " \t").len == 0) continue;
        if (!try handle(&r, request_arena.allocator(), trimmed)) return;
    }
}

fn hello(r: *Runner) !void {
    const s = r.out;
    try s.beginObject();
    try s.objectField("hello");
    try s.write(1);
    try s.objectField("runner");
    try s.write(runner);
    try s.objectField("runtime");
    try s.print("\"zig {s} (optimize {s}, cpu {s})\"", .{ builtin.zig_version_string, @tagName(builtin.mode), builtin.cpu.model.name });
    try s.objectField("timer");
    try s.beginObject();
    try s.objectField("clock");
    try s.write("std.Io.Clock.awake (CLOCK_MONOTONIC)");
    try s.objectField("resolution_ns");
    try s.write(bench.resolution(r.io));
    try s.endObject();
    try s.objectField("implementations");
    try s.beginArray();
    for (r.served) |entry| {
        const impl = entry.impl;
        try s.beginObject();
        try s.objectField("id");
        try s.write(entry.id);
        try s.objectField("library");
        try s.write(entry.row.library);
        try s.objectField("version");
        try s.print("\"Zig {s} std\"", .{builtin.zig_version_string});
        try s.objectField("backend");
        try s.write(entry.row.backend);
        try s.objectField("algorithms");
        try s.write(entry.row.algorithms);
        try s.objectField("ops");
        try s.beginArray();
        if (impl.derive != null) try s.write("derive");
        if (impl.hash != null) try s.write("hash");
        if (impl.verify != null) try s.write("verify");
        if (impl.digest != null) try s.write("digest");
        try s.write("bench");
        try s.endArray();
        try s.objectField("modes");
        try s.write(impl.modes);
        try s.objectField("encoding");
        try s.write(impl.encoding);
        try s.objectField("alloc");
        try s.write(true);
        try s.objectField("unchecked");
        try s.write(true);
        try s.objectField("notes");
        try s.write(impl.notes);
        try s.endObject();
    }
    try s.endArray();
    try protocol.finish(s);
}

/// Answers one line; false after `quit`.
fn handle(r: *Runner, arena: std.mem.Allocator, line: []const u8) !bool {
    var req: Request = .{};
    var f: Failure = .{};
    const go_on = dispatch(r, arena, line, &req, &f) catch |err| switch (err) {
        error.Reply => {
            try protocol.writeError(r.out, req.id, f.kind, f.msg);
            return true;
        },
        error.OutOfMemory => {
            try protocol.writeError(r.out, req.id, .library_error, "out of memory");
            return true;
        },
        else => |e| return e,
    };
    return go_on;
}

const DispatchError = adapters.Error || json.Stringify.Error;

fn dispatch(r: *Runner, arena: std.mem.Allocator, line: []const u8, req: *Request, f: *Failure) DispatchError!bool {
    try protocol.parse(arena, line, req, f);
    const cmd = req.cmd;
    const s = r.out;
    if (eq(cmd, "quit")) {
        try protocol.begin(s, req.id);
        try s.objectField("ok");
        try s.write(true);
        try protocol.finish(s);
        return false;
    }
    if (eq(cmd, "bench")) {
        try benchCmd(r, arena, req, f);
    } else if (eq(cmd, "derive") or eq(cmd, "hash") or eq(cmd, "verify")) {
        const op: bench.Op = if (eq(cmd, "derive")) .derive else if (eq(cmd, "hash")) .hash else .verify;
        var job = try prepare(r, arena, req, op, f);
        _ = try job.run(f);
        try protocol.begin(s, req.id);
        try result(s, arena, &job);
        try protocol.finish(s);
    } else if (eq(cmd, "digest")) {
        var job = try prepare(r, arena, req, .digest, f);
        _ = try job.run(f);
        try protocol.begin(s, req.id);
        try result(s, arena, &job);
        try protocol.finish(s);
    } else {
        return f.set(.unsupported, "unknown cmd \"{s}\"", .{cmd});
    }
    return true;
}

fn eq(a: []const u8, b: []const u8) bool {
    return std.mem.eql(u8, a, b);
}

/// The implementation and algorithm of a request, checked: known, offered, with the op.
fn target(r: *Runner, req: *const Request, op: bench.Op, f: *Failure) error{Reply}!struct { *const Served, *const catalog.Algorithm } {
    const id = req.impl orelse return f.set(.protocol, "missing impl", .{});
    const entry = r.find(id) orelse return f.set(.unsupported, "unknown impl \"{s}\"", .{id});
    const name = req.alg orelse return f.set(.protocol, "missing alg", .{});
    const alg = r.cat.algorithm(name) orelse return f.set(.unsupported, "unknown algorithm \"{s}\"", .{name});
    if (!entry.row.offers(name)) return f.set(.unsupported, "{s} does not implement {s}", .{ id, name });
    const impl = entry.impl;
    const has = switch (op) {
        .derive => impl.derive != null,
        .hash => impl.hash != null,
        .verify => impl.verify != null,
        .hash_verify => impl.hash != null and impl.verify != null,
        .digest => impl.digest != null,
        .noop => true,
    };
    if (!has) return f.set(.unsupported, "{s} has no {s} op", .{ id, @tagName(op) });
    if ((op == .digest) != (alg.kind == .digest))
        return f.set(.unsupported, "{s} is {s}", .{ name, if (alg.kind == .digest) "a digest; use digest" else "not a digest" });
    return .{ entry, alg };
}

/// The bench input of protocol v1: byte i is i mod 251.
fn pattern(arena: std.mem.Allocator, size: usize) ![]u8 {
    const out = try arena.alloc(u8, size);
    for (out, 0..) |*b, i| b.* = @intCast(i % 251);
    return out;
}

/// A request made ready to run: the checks and the decoding done, buffers allocated.
fn prepare(r: *Runner, arena: std.mem.Allocator, req: *const Request, op: bench.Op, f: *Failure) adapters.Error!bench.Job {
    const ctx = try arena.create(adapters.Ctx);
    ctx.* = .{ .io = r.io, .allocator = r.counting.allocator() };
    var job: bench.Job = .{ .op = op, .ctx = ctx };
    if (op == .noop) return job;
    const entry, const alg = try target(r, req, op, f);
    job.impl = entry.impl;
    job.out = try arena.alloc(u8, 64);
    if (op == .digest) {
        const mode = req.mode orelse "oneshot";
        if (!containsMode(entry.impl.modes, mode))
            return f.set(.unsupported, "{s} has no {s} mode", .{ entry.id, mode });
        job.digest = entry.impl.digest.?(alg.name, mode) orelse return f.set(.unsupported, "no {s}", .{alg.name});
        if (req.input) |hex| {
            job.input = try protocol.fromHex(arena, hex, "input", f);
        } else if (req.input_size) |size| {
            if (size < 0 or size > max_input) return f.set(.invalid_params, "input_size must be in 0..{d}", .{max_input});
            job.input = try pattern(arena, @intCast(size));
        } else return f.set(.invalid_input, "digest needs input", .{});
        job.out = job.out[0..adapters.digestLength(alg.name)];
        return job;
    }
    if (req.mode) |mode| if (!eq(mode, "oneshot")) return f.set(.unsupported, "mode {s} applies to digests only", .{mode});
    const case = try arena.create(adapters.Case);
    const derive = op == .derive;
    // A hash without params asks for the library's call without options: std.crypto's
    // pwhash functions have none (their Params are required).
    if ((op == .hash or op == .hash_verify) and req.params == null)
        return f.set(.unsupported, "{s} has no {s} hash call without parameters", .{ entry.id, alg.name });
    const in_bench = eq(req.cmd, "bench");
    const password: []const u8 = if (req.password) |hex| try protocol.fromHex(arena, hex, "password", f) else if (in_bench) "password" else return f.set(.invalid_input, "{s} needs password", .{@tagName(op)});
    case.* = .{
        .alg = alg.name,
        .params = try protocol.resolveParams(alg, req.params, req.unchecked, f),
        .length = try protocol.resolveLength(alg, req.length, derive, req.unchecked, f),
        .password = password,
        .salt = if (req.salt) |hex| try protocol.fromHex(arena, hex, "salt", f) else null,
        .secret = if (req.secret) |hex| try protocol.fromHex(arena, hex, "secret", f) else null,
        .ad = if (req.ad) |hex| try protocol.fromHex(arena, hex, "ad", f) else null,
        .unchecked = req.unchecked,
    };
    if (!req.unchecked) try protocol.checkSalt(alg, case.salt, f);
    if ((case.secret != null or case.ad != null) and !derive and op != .hash)
        return f.set(.unsupported, "secret and ad are for derive", .{});
    try memory.guard(r.io, memory.need(alg.name, case.params), f);
    job.case = case;
    switch (op) {
        .derive => {
            if (case.salt == null) {
                if (!in_bench) return f.set(.invalid_input, "derive needs salt", .{});
                case.salt = try pattern(arena, 16);
            }
            job.out = try arena.alloc(u8, case.length orelse 32);
        },
        .hash, .hash_verify => job.hash_buf = try arena.alloc(u8, 512),
        .verify => {
            job.hash_buf = try arena.alloc(u8, 512);
            if (req.encoded) |encoded| {
                job.encoded = encoded;
            } else if (in_bench) {
                // verify without a string: one made by this implementation's hash, untimed
                if (entry.impl.hash == null) return f.set(.unsupported, "{s} has no hash to verify", .{entry.id});
                job.encoded = try arena.dupe(u8, try entry.impl.hash.?(ctx, case, job.hash_buf, f));
            } else return f.set(.invalid_input, "verify needs encoded", .{});
            try memory.guard(r.io, memory.encodedNeed(job.encoded), f);
        },
        else => {},
    }
    return job;
}

fn containsMode(modes: []const []const u8, mode: []const u8) bool {
    for (modes) |m| if (eq(m, mode)) return true;
    return false;
}

/// The fields of an op's last result.
fn result(s: *json.Stringify, arena: std.mem.Allocator, job: *const bench.Job) !void {
    switch (job.op) {
        .derive, .digest => {
            try s.objectField("output");
            try s.write(try protocol.toHex(arena, job.out));
        },
        .hash => {
            try s.objectField("encoded");
            try s.write(job.last_encoded);
        },
        .verify => {
            try s.objectField("valid");
            try s.write(job.valid);
        },
        .hash_verify => {
            try s.objectField("encoded");
            try s.write(job.last_encoded);
            try s.objectField("valid");
            try s.write(job.valid);
        },
        .noop => {},
    }
}

fn benchCmd(r: *Runner, arena: std.mem.Allocator, req: *const Request, f: *Failure) DispatchError!void {
    const iters = req.iters orelse 0;
    const samples = req.samples orelse 0;
    if (iters < 1) return f.set(.protocol, "iters must be >= 1", .{});
    if (samples < 1 or samples > max_samples) return f.set(.protocol, "samples must be in 1..{d}", .{max_samples});
    const name = req.op orelse return f.set(.protocol, "missing op", .{});
    const op = std.meta.stringToEnum(bench.Op, name) orelse return f.set(.unsupported, "unknown bench op \"{s}\"", .{name});
    var job = try prepare(r, arena, req, op, f);
    if (req.warm) _ = try job.run(f);
    const times = try arena.alloc(u64, @intCast(samples));
    const sink = try bench.sample(r.io, &job, @intCast(iters), times, f);
    var alloc_per_op: ?f64 = null;
    if (req.alloc and op != .noop) {
        const before = r.counting.bytes;
        _ = try job.run(f);
        alloc_per_op = @floatFromInt(r.counting.bytes - before);
    }
    const s = r.out;
    try protocol.begin(s, req.id);
    try s.objectField("samples_ns");
    try s.write(times);
    try s.objectField("iters");
    try s.write(iters);
    try s.objectField("check");
    try s.write(sink);
    try result(s, arena, &job);
    if (alloc_per_op) |bytes| {
        try s.objectField("alloc_bytes_per_op");
        try s.write(bytes);
    }
    try s.objectField("peak_rss_bytes");
    try s.write(memory.peakRss());
    try protocol.finish(s);
}
