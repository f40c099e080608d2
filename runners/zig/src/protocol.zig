//! Protocol v1 (docs/protocol.md): a request line parsed and its fields type-checked,
//! parameters checked against the compiled catalog, and replies written as JSON lines.
const std = @import("std");
const json = std.json;
const catalog = @import("catalog.zig");

pub const ErrorKind = enum { protocol, unsupported, invalid_params, invalid_input, library_error };

/// Why a request failed: the reply's error kind and message. Functions that can fail a
/// request take one and return `error.Reply` once it is set.
pub const Failure = struct {
    kind: ErrorKind = .protocol,
    msg: []const u8 = "",
    buf: [512]u8 = undefined,

    pub fn set(f: *Failure, kind: ErrorKind, comptime fmt: []const u8, args: anytype) error{Reply} {
        f.kind = kind;
        f.msg = std.fmt.bufPrint(&f.buf, fmt, args) catch "(message too long)";
        return error.Reply;
    }
};

pub const Request = struct {
    id: ?i64 = null,
    cmd: []const u8 = "",
    impl: ?[]const u8 = null,
    alg: ?[]const u8 = null,
    op: ?[]const u8 = null,
    mode: ?[]const u8 = null,
    password: ?[]const u8 = null,
    salt: ?[]const u8 = null,
    encoded: ?[]const u8 = null,
    input: ?[]const u8 = null,
    secret: ?[]const u8 = null,
    ad: ?[]const u8 = null,
    params: ?json.ObjectMap = null,
    length: ?i64 = null,
    iters: ?i64 = null,
    samples: ?i64 = null,
    input_size: ?i64 = null,
    unchecked: bool = false,
    warm: bool = true,
    alloc: bool = true,
};

const string_fields = .{ "cmd", "impl", "alg", "op", "mode", "password", "salt", "encoded", "input", "secret", "ad" };
const integer_fields = .{ "length", "iters", "samples", "input_size" };
const bool_fields = .{ "unchecked", "warm", "alloc" };

/// Parses one line. `id` is filled in as soon as it can be read, so that an error reply
/// carries it.
pub fn parse(arena: std.mem.Allocator, line: []const u8, req: *Request, f: *Failure) error{Reply}!void {
    if (!std.unicode.utf8ValidateSlice(line)) return f.set(.protocol, "line is not valid UTF-8", .{});
    const root = json.parseFromSliceLeaky(json.Value, arena, line, .{}) catch |err|
        return f.set(.protocol, "not JSON: {s}", .{@errorName(err)});
    if (root != .object) return f.set(.protocol, "a request is a JSON object", .{});
    const obj = root.object;
    if (obj.get("id")) |id| {
        if (id != .integer) return f.set(.protocol, "id must be an integer", .{});
        req.id = id.integer;
    }
    if (obj.get("cmd") == null) return f.set(.protocol, "missing cmd", .{});
    inline for (string_fields) |name| {
        if (obj.get(name)) |v| {
            if (v != .string) return f.set(.protocol, name ++ " must be a string", .{});
            if (comptime std.mem.eql(u8, name, "cmd")) req.cmd = v.string else @field(req, name) = v.string;
        }
    }
    inline for (integer_fields) |name| {
        if (obj.get(name)) |v| {
            if (v != .integer) return f.set(.protocol, name ++ " must be an integer", .{});
            @field(req, name) = v.integer;
        }
    }
    inline for (bool_fields) |name| {
        if (obj.get(name)) |v| {
            if (v != .bool) return f.set(.protocol, name ++ " must be a boolean", .{});
            @field(req, name) = v.bool;
        }
    }
    if (obj.get("params")) |v| {
        if (v != .object) return f.set(.protocol, "params must be an object", .{});
        req.params = v.object;
    }
}

/// Lowercase or uppercase hex to bytes.
pub fn fromHex(arena: std.mem.Allocator, text: []const u8, field: []const u8, f: *Failure) error{ Reply, OutOfMemory }![]u8 {
    if (text.len % 2 != 0) return f.set(.invalid_input, "{s} is not an even-length hex string", .{field});
    const out = try arena.alloc(u8, text.len / 2);
    return std.fmt.hexToBytes(out, text) catch f.set(.invalid_input, "{s} is not an even-length hex string", .{field});
}

pub fn toHex(arena: std.mem.Allocator, bytes: []const u8) error{OutOfMemory}![]u8 {
    const digits = "0123456789abcdef";
    const out = try arena.alloc(u8, bytes.len * 2);
    for (bytes, 0..) |b, i| {
        out[2 * i] = digits[b >> 4];
        out[2 * i + 1] = digits[b & 15];
    }
    return out;
}

/// An algorithm's parameters, the request's or the catalog's defaults, in catalog order.
pub const Params = struct {
    names: [8][]const u8 = undefined,
    values: [8]i64 = undefined,
    len: usize = 0,

    pub fn get(self: Params, name: []const u8) i64 {
        for (self.names[0..self.len], self.values[0..self.len]) |n, v| if (std.mem.eql(u8, n, name)) return v;
        return 0;
    }
};

/// Fills in defaults and refuses unknown keys, non-integers and (unless `unchecked`)
/// values outside the catalog's ranges.
pub fn resolveParams(alg: *const catalog.Algorithm, given: ?json.ObjectMap, unchecked: bool, f: *Failure) error{Reply}!Params {
    if (given) |g| for (g.keys()) |key| {
        if (alg.rule(key) == null) return f.set(.invalid_params, "{s} has no parameter \"{s}\"", .{ alg.name, key });
    };
    var out: Params = .{};
    for (alg.params) |rule| {
        if (out.len == out.names.len) return f.set(.invalid_params, "too many parameters", .{});
        const value: i64 = if (given) |g| if (g.get(rule.name)) |v| switch (v) {
            .integer => |i| i,
            else => return f.set(.invalid_params, "{s} must be an integer", .{rule.name}),
        } else rule.default else rule.default;
        out.names[out.len] = rule.name;
        out.values[out.len] = value;
        out.len += 1;
        if (unchecked) continue;
        if (rule.choices) |choices| {
            if (std.mem.findScalar(i64, choices, value) == null)
                return f.set(.invalid_params, "{s}={d} is not one of the allowed values", .{ rule.name, value });
        }
        if (rule.min) |min| if (value < min) return f.set(.invalid_params, "{s}={d} below {d}", .{ rule.name, value, min });
        if (rule.max) |max| if (value > max) return f.set(.invalid_params, "{s}={d} above {d}", .{ rule.name, value, max });
        if (rule.power_of_two and (value <= 0 or value & (value - 1) != 0))
            return f.set(.invalid_params, "{s}={d} is not a power of two", .{ rule.name, value });
    }
    if (alg.min_per) |mp| if (!unchecked) {
        const need = mp.factor * out.get(mp.per);
        if (out.get(mp.param) < need)
            return f.set(.invalid_params, "{s}={d} below {d}*{s}={d}", .{ mp.param, out.get(mp.param), mp.factor, mp.per, need });
    };
    return out;
}

/// The output length: the request's, or the default (scrypt's derive default is 64, the
/// protocol's); null for algorithms whose output is fixed.
pub fn resolveLength(alg: *const catalog.Algorithm, length: ?i64, derive: bool, unchecked: bool, f: *Failure) error{Reply}!?usize {
    const spec = alg.length orelse return null;
    const fallback: i64 = if (derive and std.mem.eql(u8, alg.name, "scrypt")) 64 else spec.default;
    const value = length orelse fallback;
    if (!unchecked) {
        if (value < spec.min or (spec.max != null and value > spec.max.?))
            return f.set(.invalid_params, "length={d} outside {d}..{?d}", .{ value, spec.min, spec.max });
    }
    if (value < 0 or value > 1 << 20) return f.set(.invalid_params, "length={d} outside what this runner can hold", .{value});
    return @intCast(value);
}

pub fn checkSalt(alg: *const catalog.Algorithm, salt: ?[]const u8, f: *Failure) error{Reply}!void {
    const rule = alg.salt orelse return;
    const s = salt orelse return;
    if (@as(i64, @intCast(s.len)) < rule.min) return f.set(.invalid_params, "salt of {d} bytes below {d}", .{ s.len, rule.min });
    if (rule.max) |max| if (@as(i64, @intCast(s.len)) > max)
        return f.set(.invalid_params, "salt of {d} bytes above {d}", .{ s.len, max });
}

/// Starts a reply object with its id; the caller writes its fields and calls `finish`.
/// Each line is a JSON text of its own: the writer's state starts afresh.
pub fn begin(s: *json.Stringify, id: ?i64) json.Stringify.Error!void {
    s.* = .{ .writer = s.writer };
    try s.beginObject();
    try s.objectField("id");
    try s.write(id);
}

pub fn finish(s: *json.Stringify) json.Stringify.Error!void {
    try s.endObject();
    try s.writer.writeByte('\n');
    try s.writer.flush();
}

pub fn writeError(s: *json.Stringify, id: ?i64, kind: ErrorKind, msg: []const u8) json.Stringify.Error!void {
    try begin(s, id);
    try s.objectField("error");
    try s.beginObject();
    try s.objectField("kind");
    try s.write(@tagName(kind));
    try s.objectField("message");
    try s.write(if (msg.len == 0) @tagName(kind) else msg);
    try s.endObject();
    try finish(s);
}

test "hex both ways" {
    var f: Failure = .{};
    const arena = std.testing.allocator;
    const bytes = try fromHex(arena, "00ff7A", "input", &f);
    defer arena.free(bytes);
    try std.testing.expectEqualSlices(u8, &.{ 0x00, 0xff, 0x7a }, bytes);
    const text = try toHex(arena, bytes);
    defer arena.free(text);
    try std.testing.expectEqualStrings("00ff7a", text);
    try std.testing.expectError(error.Reply, fromHex(arena, "abc", "input", &f));
    try std.testing.expectEqual(ErrorKind.invalid_input, f.kind);
}

test "parameters: defaults, ranges, min_per" {
    const rules = [_]catalog.Rule{
        .{ .name = "m", .default = 19456, .min = 8, .max = null, .power_of_two = false, .choices = null },
        .{ .name = "p", .default = 1, .min = 1, .max = 255, .power_of_two = false, .choices = null },
    };
    const alg: catalog.Algorithm = .{
        .name = "argon2id",
        .kind = .password,
        .length = null,
        .salt = null,
        .params = &rules,
        .min_per = .{ .param = "m", .per = "p", .factor = 8 },
    };
    var f: Failure = .{};
    const filled = try resolveParams(&alg, null, false, &f);
    try std.testing.expectEqual(@as(i64, 19456), filled.get("m"));
    var given: json.ObjectMap = .empty;
    defer given.deinit(std.testing.allocator);
    try given.put(std.testing.allocator, "m", .{ .integer = 16 });
    try given.put(std.testing.allocator, "p", .{ .integer = 4 });
    try std.testing.expectError(error.Reply, resolveParams(&alg, given, false, &f));
    try std.testing.expectEqual(ErrorKind.invalid_params, f.kind);
    const unchecked = try resolveParams(&alg, given, true, &f);
    try std.testing.expectEqual(@as(i64, 4), unchecked.get("p"));
}
