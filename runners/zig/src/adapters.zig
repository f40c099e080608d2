//! One adapter per std.crypto API, each called the way its doc comments show: the
//! password hashes of std.crypto.pwhash (argon2, bcrypt in both its long-password modes,
//! scrypt, pbkdf2) and the digests of std.crypto.hash. Parameters arrive checked against
//! the catalog and filled in; what is left here are the library's own limits (its
//! parameter types) and what it cannot take (a salt, an output length).
const std = @import("std");
const crypto = std.crypto;
const pwhash = crypto.pwhash;
const protocol = @import("protocol.zig");
const Failure = protocol.Failure;

pub const Error = error{ Reply, OutOfMemory };

/// What an op may use: the Io for randomness and threads, the allocator it hands the
/// library (counting, for alloc_bytes_per_op).
pub const Ctx = struct {
    io: std.Io,
    allocator: std.mem.Allocator,
};

/// A password op's inputs, decoded and checked once, outside any timing.
pub const Case = struct {
    alg: []const u8,
    params: protocol.Params,
    length: ?usize,
    password: []const u8,
    salt: ?[]const u8,
    secret: ?[]const u8 = null,
    ad: ?[]const u8 = null,
    unchecked: bool,
};

/// A digest call: input → out (out holds the digest's length).
pub const DigestFn = *const fn (input: []const u8, out: []u8) void;

pub const Impl = struct {
    /// the id without "zig/"
    name: []const u8,
    encoding: ?[]const u8,
    notes: []const u8,
    modes: []const []const u8 = &.{},
    derive: ?*const fn (*const Ctx, *const Case, []u8, *Failure) Error!void = null,
    hash: ?*const fn (*const Ctx, *const Case, []u8, *Failure) Error![]const u8 = null,
    verify: ?*const fn (*const Ctx, []const u8, []const u8, []const u8, *Failure) Error!bool = null,
    digest: ?*const fn ([]const u8, []const u8) ?DigestFn = null,
};

pub const all = [_]Impl{
    .{
        .name = "argon2",
        .encoding = "phc",
        .notes = "std.crypto.pwhash.argon2: kdf (secret, ad), strHash (PHC, its own 32-byte salt, 32-byte tag), strVerify; version 0x13 only; lanes on the Io's threads",
        .derive = argon2Derive,
        .hash = argon2Hash,
        .verify = argon2Verify,
    },
    .{
        .name = "bcrypt",
        .encoding = "mcf",
        .notes = "std.crypto.pwhash.bcrypt with silently_truncate_password = false (its owasp params' choice): a password over 72 bytes is pre-hashed with HMAC-SHA512 keyed by the salt, bcrypt-base64, then bcrypt; strHash (crypt, $2b$), strHashWithSalt, strVerify",
        .hash = bcryptHashPrehash,
        .verify = bcryptVerifyPrehash,
    },
    .{
        .name = "bcrypt-truncate",
        .encoding = "mcf",
        .notes = "std.crypto.pwhash.bcrypt with silently_truncate_password = true: bytes past 72 are ignored, as traditional bcrypt does",
        .hash = bcryptHashTruncate,
        .verify = bcryptVerifyTruncate,
    },
    .{
        .name = "scrypt",
        .encoding = "phc",
        .notes = "std.crypto.pwhash.scrypt: kdf (ln = log2 N), strHash (PHC $scrypt$ln=…, its own 32-byte salt, 32-byte key), strHashWithSalt (32-byte salts only), strVerify (PHC and $7$)",
        .derive = scryptDerive,
        .hash = scryptHash,
        .verify = scryptVerify,
    },
    .{
        .name = "pbkdf2",
        .encoding = null,
        .notes = "std.crypto.pwhash.pbkdf2 with std.crypto.auth.hmac's HmacSha1, sha2.HmacSha256 and sha2.HmacSha512; raw output",
        .derive = pbkdf2Derive,
    },
    .{
        .name = "std-hash",
        .encoding = null,
        .notes = "std.crypto.hash: Md5, Sha1, sha2.Sha256/Sha512, sha3.Sha3_256, blake2.Blake2b512/Blake2s256, Blake3; oneshot = T.hash(input, &out, .{}), new = T.init(.{}), update, final per op (a hasher is a plain value: no reset call but Blake3's)",
        .modes = &.{ "oneshot", "new" },
        .digest = digestFn,
    },
};

pub fn find(name: []const u8) ?*const Impl {
    for (&all) |*impl| if (std.mem.eql(u8, impl.name, name)) return impl;
    return null;
}

// --- shared ---------------------------------------------------------------------------

fn eq(a: []const u8, b: []const u8) bool {
    return std.mem.eql(u8, a, b);
}

/// A parameter as the library's integer type; outside it, even `unchecked`, the value
/// cannot be handed over at all.
fn fit(comptime T: type, value: i64, name: []const u8, f: *Failure) error{Reply}!T {
    return std.math.cast(T, value) orelse
        f.set(.invalid_params, "{s}={d} does not fit the library's {s} parameter", .{ name, value, @typeName(T) });
}

/// The library's errors: weak or impossible parameters, a malformed string, the rest.
fn libraryFailure(err: anyerror, f: *Failure) error{Reply} {
    return switch (err) {
        error.WeakParameters, error.OutputTooLong => f.set(.invalid_params, "std.crypto refused the parameters ({s})", .{@errorName(err)}),
        error.InvalidEncoding, error.NoSpaceLeft => f.set(.invalid_input, "std.crypto refused the string ({s})", .{@errorName(err)}),
        else => f.set(.library_error, "std.crypto: {s}", .{@errorName(err)}),
    };
}

/// strVerify answers a wrong password with an error; every other error is a failure.
fn verified(result: anyerror!void, f: *Failure) error{Reply}!bool {
    result catch |err| {
        if (err == error.PasswordVerificationFailed) return false;
        return libraryFailure(err, f);
    };
    return true;
}

// --- argon2 ---------------------------------------------------------------------------

fn argon2Mode(alg: []const u8) pwhash.argon2.Mode {
    if (eq(alg, "argon2d")) return .argon2d;
    if (eq(alg, "argon2i")) return .argon2i;
    return .argon2id;
}

fn argon2Params(c: *const Case, f: *Failure) error{Reply}!pwhash.argon2.Params {
    if (c.params.get("version") != 19) return f.set(.unsupported, "std.crypto's argon2 computes version 19 (0x13) only", .{});
    return .{
        .t = try fit(u32, c.params.get("t"), "t", f),
        .m = try fit(u32, c.params.get("m"), "m", f),
        .p = try fit(u24, c.params.get("p"), "p", f),
        .secret = c.secret,
        .ad = c.ad,
    };
}

fn argon2Derive(ctx: *const Ctx, c: *const Case, out: []u8, f: *Failure) Error!void {
    const params = try argon2Params(c, f);
    pwhash.argon2.kdf(ctx.allocator, out, c.password, c.salt.?, params, argon2Mode(c.alg), ctx.io) catch |err|
        return libraryFailure(err, f);
}

fn argon2Hash(ctx: *const Ctx, c: *const Case, buf: []u8, f: *Failure) Error![]const u8 {
    if (c.salt != null) return f.set(.unsupported, "argon2.strHash draws its own salt; none can be given", .{});
    if (c.length != 32) return f.set(.unsupported, "argon2.strHash makes 32-byte tags only", .{});
    if (c.secret != null or c.ad != null) return f.set(.unsupported, "argon2.strHash takes no secret or ad", .{});
    const options: pwhash.argon2.HashOptions = .{ .allocator = ctx.allocator, .params = try argon2Params(c, f), .mode = argon2Mode(c.alg) };
    return pwhash.argon2.strHash(c.password, options, buf, ctx.io) catch |err| libraryFailure(err, f);
}

fn argon2Verify(ctx: *const Ctx, alg: []const u8, password: []const u8, encoded: []const u8, f: *Failure) Error!bool {
    _ = alg;
    return verified(pwhash.argon2.strVerify(encoded, password, .{ .allocator = ctx.allocator }, ctx.io), f);
}

// --- bcrypt ---------------------------------------------------------------------------

fn bcryptHash(ctx: *const Ctx, c: *const Case, buf: []u8, truncate: bool, f: *Failure) Error![]const u8 {
    const options: pwhash.bcrypt.HashOptions = .{
        .params = .{ .rounds_log = try fit(u6, c.params.get("cost"), "cost", f), .silently_truncate_password = truncate },
        .encoding = .crypt,
    };
    if (c.salt) |salt| {
        if (salt.len != pwhash.bcrypt.salt_length) return f.set(.unsupported, "bcrypt salts are 16 bytes", .{});
        return pwhash.bcrypt.strHashWithSalt(c.password, options, buf, salt[0..16].*) catch |err| libraryFailure(err, f);
    }
    return pwhash.bcrypt.strHash(c.password, options, buf, ctx.io) catch |err| libraryFailure(err, f);
}

fn bcryptVerify(encoded: []const u8, password: []const u8, truncate: bool, f: *Failure) Error!bool {
    return verified(pwhash.bcrypt.strVerify(encoded, password, .{ .silently_truncate_password = truncate }), f);
}

fn bcryptHashPrehash(ctx: *const Ctx, c: *const Case, buf: []u8, f: *Failure) Error![]const u8 {
    return bcryptHash(ctx, c, buf, false, f);
}

fn bcryptHashTruncate(ctx: *const Ctx, c: *const Case, buf: []u8, f: *Failure) Error![]const u8 {
    return bcryptHash(ctx, c, buf, true, f);
}

fn bcryptVerifyPrehash(ctx: *const Ctx, alg: []const u8, password: []const u8, encoded: []const u8, f: *Failure) Error!bool {
    _ = .{ ctx, alg };
    return bcryptVerify(encoded, password, false, f);
}

fn bcryptVerifyTruncate(ctx: *const Ctx, alg: []const u8, password: []const u8, encoded: []const u8, f: *Failure) Error!bool {
    _ = .{ ctx, alg };
    return bcryptVerify(encoded, password, true, f);
}

// --- scrypt ---------------------------------------------------------------------------

fn scryptParams(c: *const Case, f: *Failure) error{Reply}!pwhash.scrypt.Params {
    const n = c.params.get("n");
    if (n < 1 or n & (n - 1) != 0) return f.set(.unsupported, "std.crypto's scrypt takes log2(N): N={d} is not a power of two", .{n});
    return .{
        .ln = try fit(u6, std.math.log2_int(u64, @intCast(n)), "ln", f),
        .r = try fit(u30, c.params.get("r"), "r", f),
        .p = try fit(u30, c.params.get("p"), "p", f),
    };
}

fn scryptDerive(ctx: *const Ctx, c: *const Case, out: []u8, f: *Failure) Error!void {
    pwhash.scrypt.kdf(ctx.allocator, out, c.password, c.salt.?, try scryptParams(c, f)) catch |err|
        return libraryFailure(err, f);
}

fn scryptHash(ctx: *const Ctx, c: *const Case, buf: []u8, f: *Failure) Error![]const u8 {
    if (c.length != 32) return f.set(.unsupported, "scrypt.strHash makes 32-byte keys only", .{});
    const options: pwhash.scrypt.HashOptions = .{ .allocator = ctx.allocator, .params = try scryptParams(c, f), .encoding = .phc };
    if (c.salt) |salt| {
        if (salt.len != pwhash.scrypt.default_salt_len) return f.set(.unsupported, "scrypt.strHashWithSalt takes 32-byte salts only", .{});
        return pwhash.scrypt.strHashWithSalt(c.password, options, buf, salt[0..32]) catch |err| libraryFailure(err, f);
    }
    return pwhash.scrypt.strHash(c.password, options, buf, ctx.io) catch |err| libraryFailure(err, f);
}

fn scryptVerify(ctx: *const Ctx, alg: []const u8, password: []const u8, encoded: []const u8, f: *Failure) Error!bool {
    _ = alg;
    return verified(pwhash.scrypt.strVerify(encoded, password, .{ .allocator = ctx.allocator }), f);
}

// --- pbkdf2 ---------------------------------------------------------------------------

fn pbkdf2Derive(ctx: *const Ctx, c: *const Case, out: []u8, f: *Failure) Error!void {
    _ = ctx;
    const hmac = crypto.auth.hmac;
    const rounds = try fit(u32, c.params.get("iterations"), "iterations", f);
    const salt = c.salt.?;
    const result = if (eq(c.alg, "pbkdf2-sha1"))
        pwhash.pbkdf2(out, c.password, salt, rounds, hmac.HmacSha1)
    else if (eq(c.alg, "pbkdf2-sha256"))
        pwhash.pbkdf2(out, c.password, salt, rounds, hmac.sha2.HmacSha256)
    else
        pwhash.pbkdf2(out, c.password, salt, rounds, hmac.sha2.HmacSha512);
    result catch |err| return libraryFailure(err, f);
}

// --- digests --------------------------------------------------------------------------

fn Digest(comptime H: type) type {
    return struct {
        fn oneshot(input: []const u8, out: []u8) void {
            H.hash(input, out[0..H.digest_length], .{});
        }
        fn new(input: []const u8, out: []u8) void {
            var h = H.init(.{});
            h.update(input);
            h.final(out[0..H.digest_length]);
        }
        fn pick(mode: []const u8) DigestFn {
            return if (eq(mode, "oneshot")) oneshot else new;
        }
    };
}

fn digestFn(alg: []const u8, mode: []const u8) ?DigestFn {
    const h = crypto.hash;
    if (eq(alg, "md5")) return Digest(h.Md5).pick(mode);
    if (eq(alg, "sha1")) return Digest(h.Sha1).pick(mode);
    if (eq(alg, "sha256")) return Digest(h.sha2.Sha256).pick(mode);
    if (eq(alg, "sha512")) return Digest(h.sha2.Sha512).pick(mode);
    if (eq(alg, "sha3-256")) return Digest(h.sha3.Sha3_256).pick(mode);
    if (eq(alg, "blake2b-512")) return Digest(h.blake2.Blake2b512).pick(mode);
    if (eq(alg, "blake2s-256")) return Digest(h.blake2.Blake2s256).pick(mode);
    if (eq(alg, "blake3")) return Digest(h.Blake3).pick(mode);
    return null;
}

/// The digest's output length (for the reply and the sink).
pub fn digestLength(alg: []const u8) usize {
    const h = crypto.hash;
    if (eq(alg, "md5")) return h.Md5.digest_length;
    if (eq(alg, "sha1")) return h.Sha1.digest_length;
    if (eq(alg, "sha512") or eq(alg, "blake2b-512")) return 64;
    return 32;
}
