//! Memory: what ops allocate (a counting allocator, for alloc_bytes_per_op), the guard
//! that refuses an argon2 or scrypt request the machine cannot hold before the library
//! allocates it (the OOM killer, not an error, would answer), and peak RSS.
const std = @import("std");
const protocol = @import("protocol.zig");

/// Counts the bytes asked of the allocator it wraps (allocations and growth).
pub const Counting = struct {
    child: std.mem.Allocator,
    bytes: u64 = 0,

    pub fn allocator(self: *Counting) std.mem.Allocator {
        return .{ .ptr = self, .vtable = &vtable };
    }

    const vtable: std.mem.Allocator.VTable = .{ .alloc = alloc, .resize = resize, .remap = remap, .free = free };

    fn from(ctx: *anyopaque) *Counting {
        return @ptrCast(@alignCast(ctx));
    }

    fn alloc(ctx: *anyopaque, len: usize, alignment: std.mem.Alignment, ret_addr: usize) ?[*]u8 {
        const self = from(ctx);
        _ = @atomicRmw(u64, &self.bytes, .Add, len, .monotonic);
        return self.child.rawAlloc(len, alignment, ret_addr);
    }

    fn resize(ctx: *anyopaque, memory: []u8, alignment: std.mem.Alignment, new_len: usize, ret_addr: usize) bool {
        const self = from(ctx);
        const ok = self.child.rawResize(memory, alignment, new_len, ret_addr);
        if (ok and new_len > memory.len) _ = @atomicRmw(u64, &self.bytes, .Add, new_len - memory.len, .monotonic);
        return ok;
    }

    fn remap(ctx: *anyopaque, memory: []u8, alignment: std.mem.Alignment, new_len: usize, ret_addr: usize) ?[*]u8 {
        const self = from(ctx);
        const moved = self.child.rawRemap(memory, alignment, new_len, ret_addr);
        if (moved != null and new_len > memory.len) _ = @atomicRmw(u64, &self.bytes, .Add, new_len - memory.len, .monotonic);
        return moved;
    }

    fn free(ctx: *anyopaque, memory: []u8, alignment: std.mem.Alignment, ret_addr: usize) void {
        from(ctx).child.rawFree(memory, alignment, ret_addr);
    }
};

/// Bytes an argon2 or scrypt call allocates for its parameters (0 for the others).
pub fn need(alg: []const u8, params: protocol.Params) u64 {
    if (std.mem.startsWith(u8, alg, "argon2")) return @as(u64, @intCast(@max(params.get("m"), 0))) * 1024;
    if (std.mem.eql(u8, alg, "scrypt")) {
        const n: u64 = @intCast(@max(params.get("n"), 0));
        const r: u64 = @intCast(@max(params.get("r"), 0));
        const p: u64 = @intCast(@max(params.get("p"), 0));
        return std.math.mul(u64, 128 * r, n + p + 2) catch std.math.maxInt(u64);
    }
    return 0;
}

/// The memory of an Argon2 PHC string's m= (0 for other strings).
pub fn encodedNeed(encoded: []const u8) u64 {
    if (!std.mem.startsWith(u8, encoded, "$argon2")) return 0;
    const at = std.mem.find(u8, encoded, "m=") orelse return 0;
    var end = at + 2;
    while (end < encoded.len and std.ascii.isDigit(encoded[end])) end += 1;
    const m = std.fmt.parseInt(u64, encoded[at + 2 .. end], 10) catch return std.math.maxInt(u64);
    return std.math.mul(u64, m, 1024) catch std.math.maxInt(u64);
}

/// MemAvailable from /proc/meminfo, in bytes (null when unreadable).
fn available(io: std.Io) ?u64 {
    var buf: [8192]u8 = undefined;
    const file = std.Io.Dir.cwd().openFile(io, "/proc/meminfo", .{}) catch return null;
    defer file.close(io);
    var reader = file.readerStreaming(io, &buf);
    const r = &reader.interface;
    while (r.takeDelimiter('\n') catch return null) |line| {
        if (!std.mem.startsWith(u8, line, "MemAvailable:")) continue;
        var words = std.mem.tokenizeScalar(u8, line["MemAvailable:".len..], ' ');
        const kib = std.fmt.parseInt(u64, words.next() orelse return null, 10) catch return null;
        return kib * 1024;
    }
    return null;
}

/// Refuses a request needing more than 75% of the memory available now.
pub fn guard(io: std.Io, bytes: u64, f: *protocol.Failure) error{Reply}!void {
    if (bytes == 0) return;
    const have = available(io) orelse return;
    if (bytes > have / 4 * 3) {
        const gib = 1024.0 * 1024.0 * 1024.0;
        return f.set(.invalid_params, "needs {d:.1} GiB of memory; {d:.1} GiB available (guard: 75%)", .{
            @as(f64, @floatFromInt(bytes)) / gib, @as(f64, @floatFromInt(have)) / gib,
        });
    }
}

/// The process's peak resident set, from getrusage (ru_maxrss is in KiB on Linux).
pub fn peakRss() u64 {
    const usage = std.posix.getrusage(std.posix.rusage.SELF);
    return @as(u64, @intCast(usage.maxrss)) * 1024;
}
