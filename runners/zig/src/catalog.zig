//! The compiled catalog (build/catalog.json, docs/protocol.md "The catalog a runner
//! reads"): every algorithm's parameters, defaults and ranges, and the implementations
//! this runner serves with their library, backend and algorithms. Read once at start-up;
//! the runner keeps no copy of a name, range or default.
const std = @import("std");
const Io = std.Io;
const json = std.json;

pub const Kind = enum { password, digest };

pub const Range = struct { default: i64 = 0, min: i64, max: ?i64 };

pub const Rule = struct {
    name: []const u8,
    default: i64,
    min: ?i64,
    max: ?i64,
    power_of_two: bool,
    choices: ?[]const i64,
};

pub const MinPer = struct { param: []const u8, per: []const u8, factor: i64 };

pub const Algorithm = struct {
    name: []const u8,
    kind: Kind,
    length: ?Range,
    salt: ?Range,
    params: []const Rule,
    min_per: ?MinPer,

    pub fn rule(self: Algorithm, name: []const u8) ?Rule {
        for (self.params) |r| if (std.mem.eql(u8, r.name, name)) return r;
        return null;
    }
};

pub const Row = struct {
    id: []const u8,
    library: []const u8,
    backend: []const u8,
    algorithms: []const []const u8,

    pub fn offers(self: Row, alg: []const u8) bool {
        for (self.algorithms) |a| if (std.mem.eql(u8, a, alg)) return true;
        return false;
    }
};

pub const Catalog = struct {
    algorithms: []const Algorithm,
    rows: []const Row,

    pub fn algorithm(self: Catalog, name: []const u8) ?*const Algorithm {
        for (self.algorithms) |*a| if (std.mem.eql(u8, a.name, name)) return a;
        return null;
    }

    pub fn row(self: Catalog, id: []const u8) ?Row {
        for (self.rows) |r| if (std.mem.eql(u8, r.id, id)) return r;
        return null;
    }
};

/// HASHBENCH_CATALOG, else $HASHBENCH_ROOT/build/catalog.json, else build/catalog.json in
/// the working directory (where the orchestrator starts runners).
pub fn path(arena: std.mem.Allocator, environ: *const std.process.Environ.Map) ![]const u8 {
    if (environ.get("HASHBENCH_CATALOG")) |p| return p;
    if (environ.get("HASHBENCH_ROOT")) |root| return std.fmt.allocPrint(arena, "{s}/build/catalog.json", .{root});
    return "build/catalog.json";
}

pub const LoadError = error{ Unreadable, Malformed };

/// Reads the catalog at `file` for `runner`; on failure `why` says what went wrong.
pub fn load(arena: std.mem.Allocator, io: Io, file: []const u8, runner: []const u8, why: *[]const u8) LoadError!Catalog {
    const text = Io.Dir.cwd().readFileAlloc(io, file, arena, .limited(64 << 20)) catch |err| {
        why.* = @errorName(err);
        return error.Unreadable;
    };
    const root = json.parseFromSliceLeaky(json.Value, arena, text, .{}) catch |err| {
        why.* = @errorName(err);
        return error.Malformed;
    };
    return parse(arena, root, runner) catch |err| {
        why.* = switch (err) {
            error.OutOfMemory => "out of memory",
            error.Shape => "not a compiled catalog of format 1",
        };
        return error.Malformed;
    };
}

const ShapeError = error{ Shape, OutOfMemory };

fn parse(arena: std.mem.Allocator, root: json.Value, runner: []const u8) ShapeError!Catalog {
    const top = try object(root);
    const format = top.get("catalog") orelse return error.Shape;
    if (format != .integer or format.integer != 1) return error.Shape;
    const algs = try object(top.get("algorithms") orelse return error.Shape);
    var algorithms = try arena.alloc(Algorithm, algs.count());
    for (algs.keys(), algs.values(), 0..) |name, spec, i| algorithms[i] = try algorithmSpec(arena, name, spec);
    const runners = try object(top.get("runners") orelse return error.Shape);
    const served = runners.get(runner) orelse return .{ .algorithms = algorithms, .rows = &.{} };
    const impls = try object(served);
    var rows = try arena.alloc(Row, impls.count());
    for (impls.keys(), impls.values(), 0..) |id, spec, i| {
        const r = try object(spec);
        const list = try array(r.get("algorithms") orelse return error.Shape);
        var names = try arena.alloc([]const u8, list.len);
        for (list, 0..) |a, j| names[j] = try string(a);
        rows[i] = .{
            .id = id,
            .library = try string(r.get("library") orelse return error.Shape),
            .backend = try string(r.get("backend") orelse return error.Shape),
            .algorithms = names,
        };
    }
    return .{ .algorithms = algorithms, .rows = rows };
}

fn algorithmSpec(arena: std.mem.Allocator, name: []const u8, spec: json.Value) ShapeError!Algorithm {
    const s = try object(spec);
    const kind_name = try string(s.get("kind") orelse return error.Shape);
    const kind: Kind = if (std.mem.eql(u8, kind_name, "digest")) .digest else .password;
    const params = if (s.get("params")) |p| try object(p) else json.ObjectMap.empty;
    var rules = try arena.alloc(Rule, params.count());
    var min_per: ?MinPer = null;
    for (params.keys(), params.values(), 0..) |key, value, i| {
        const r = try object(value);
        var choices: ?[]i64 = null;
        if (r.get("choices")) |c| {
            const list = try array(c);
            choices = try arena.alloc(i64, list.len);
            for (list, 0..) |v, j| choices.?[j] = try integer(v);
        }
        if (r.get("min_per")) |mp| {
            const m = try object(mp);
            min_per = .{
                .param = key,
                .per = try string(m.get("param") orelse return error.Shape),
                .factor = try integer(m.get("factor") orelse return error.Shape),
            };
        }
        rules[i] = .{
            .name = key,
            .default = try integer(r.get("default") orelse return error.Shape),
            .min = try optionalInteger(r.get("min")),
            .max = try optionalInteger(r.get("max")),
            .power_of_two = if (r.get("power_of_two")) |b| b == .bool and b.bool else false,
            .choices = choices,
        };
    }
    return .{
        .name = name,
        .kind = kind,
        .length = try range(s.get("length")),
        .salt = try range(s.get("salt")),
        .params = rules,
        .min_per = min_per,
    };
}

fn range(value: ?json.Value) ShapeError!?Range {
    const v = value orelse return null;
    if (v == .null) return null;
    const r = try object(v);
    return .{
        .default = (try optionalInteger(r.get("default"))) orelse 0,
        .min = (try optionalInteger(r.get("min"))) orelse 0,
        .max = try optionalInteger(r.get("max")),
    };
}

fn object(v: json.Value) ShapeError!json.ObjectMap {
    return if (v == .object) v.object else error.Shape;
}

fn array(v: json.Value) ShapeError![]json.Value {
    return if (v == .array) v.array.items else error.Shape;
}

fn string(v: json.Value) ShapeError![]const u8 {
    return if (v == .string) v.string else error.Shape;
}

fn integer(v: json.Value) ShapeError!i64 {
    return if (v == .integer) v.integer else error.Shape;
}

fn optionalInteger(v: ?json.Value) ShapeError!?i64 {
    const x = v orelse return null;
    if (x == .null) return null;
    return try integer(x);
}
