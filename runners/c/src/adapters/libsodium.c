/* libsodium: argon2id/argon2i (crypto_pwhash), scrypt (crypto_pwhash_scryptsalsa208sha256),
 * BLAKE2b (crypto_generichash), SHA-256/512 (crypto_hash_sha256/512). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "../catalog.h"
#include "adapters.h"

int libsodium_init(void) {
    return sodium_init();
}

typedef struct {
    /* reset mode: one state, re-initialised per op */
    union {
        crypto_generichash_state blake2b;
        crypto_hash_sha256_state sha256;
        crypto_hash_sha512_state sha512;
    } st;
    const uint8_t *in;
    size_t in_len;
    int alg;                     /* crypto_pwhash_ALG_* */
    const char *prefix;          /* what a verified string must start with */
    unsigned long long opslimit; /* scrypt hash: see prepare_scrypt_hash */
    size_t memlimit;
} state_t;

static uint8_t blake2b_oneshot(job_t *job) {
    state_t *s = job->state;
    crypto_generichash(job->out, 64, s->in, s->in_len, NULL, 0);
    return job->out[0];
}

static uint8_t blake2b_reset(job_t *job) {
    state_t *s = job->state;
    crypto_generichash_init(&s->st.blake2b, NULL, 0, 64);
    crypto_generichash_update(&s->st.blake2b, s->in, s->in_len);
    crypto_generichash_final(&s->st.blake2b, job->out, 64);
    return job->out[0];
}

static uint8_t sha256_oneshot(job_t *job) {
    state_t *s = job->state;
    crypto_hash_sha256(job->out, s->in, s->in_len);
    return job->out[0];
}

static uint8_t sha256_reset(job_t *job) {
    state_t *s = job->state;
    crypto_hash_sha256_init(&s->st.sha256);
    crypto_hash_sha256_update(&s->st.sha256, s->in, s->in_len);
    crypto_hash_sha256_final(&s->st.sha256, job->out);
    return job->out[0];
}

static uint8_t sha512_oneshot(job_t *job) {
    state_t *s = job->state;
    crypto_hash_sha512(job->out, s->in, s->in_len);
    return job->out[0];
}

static uint8_t sha512_reset(job_t *job) {
    state_t *s = job->state;
    crypto_hash_sha512_init(&s->st.sha512);
    crypto_hash_sha512_update(&s->st.sha512, s->in, s->in_len);
    crypto_hash_sha512_final(&s->st.sha512, job->out);
    return job->out[0];
}

/* libsodium reports failures through errno only. */
static void fail(job_t *job, const char *what) {
    err_kind kind = errno == EINVAL ? ERR_INVALID_PARAMS : ERR_LIBRARY;
    const char *hint = "";
    if (kind == ERR_INVALID_PARAMS && job->req->param[P_T] < 3 &&
        strcmp(job->req->alg_name, "argon2i") == 0)
        hint = " (libsodium's argon2i needs t >= 3)";
    job_fail(job, kind, "%s failed: %s%s", what, strerror(errno), hint);
}

static uint8_t argon2_derive(job_t *job) {
    const req_t *r = job->req;
    state_t *s = job->state;
    if (crypto_pwhash(job->out, r->length, (const char *)r->password.data, r->password.len,
                      r->salt.data, (unsigned long long)r->param[P_T], (size_t)r->param[P_M] * 1024,
                      s->alg) != 0)
        fail(job, "crypto_pwhash");
    return job->out[0];
}

static uint8_t argon2_hash(job_t *job) {
    const req_t *r = job->req;
    state_t *s = job->state;
    if (crypto_pwhash_str_alg(job->encoded, (const char *)r->password.data, r->password.len,
                              (unsigned long long)r->param[P_T], (size_t)r->param[P_M] * 1024,
                              s->alg) != 0)
        fail(job, "crypto_pwhash_str_alg");
    return last_char(job->encoded);
}

/* The str_verify functions return -1 for a wrong password and for a malformed string
 * alike, so a malformed string reads as valid=false; only the prefix, the version and the
 * length are checked here first. */
static uint8_t argon2_verify(job_t *job) {
    state_t *s = job->state;
    const char *enc = job->verify_encoded;
    size_t n = strlen(s->prefix);
    if (strncmp(enc, s->prefix, n) != 0 || strlen(enc) >= crypto_pwhash_STRBYTES) {
        job_fail(job, ERR_INVALID_INPUT, "not a %s string of < %d chars", s->prefix,
                 crypto_pwhash_STRBYTES);
        return 0;
    }
    if (strncmp(enc + n, "v=19$", 5) != 0) {
        job_fail(job, ERR_UNSUPPORTED, "libsodium verifies argon2 version 19 (v=19) strings only");
        return 0;
    }
    const bytes_t *pw = &job->req->password;
    job->valid = crypto_pwhash_str_verify(enc, (const char *)pw->data, pw->len) == 0;
    return job->valid;
}

static uint8_t scrypt_derive(job_t *job) {
    const req_t *r = job->req;
    if (crypto_pwhash_scryptsalsa208sha256_ll(
            r->password.data, r->password.len, r->salt.data, r->salt.len, (uint64_t)r->param[P_N],
            (uint32_t)r->param[P_R], (uint32_t)r->param[P_P], job->out, r->length) != 0)
        fail(job, "crypto_pwhash_scryptsalsa208sha256_ll");
    return job->out[0];
}

static uint8_t scrypt_hash(job_t *job) {
    const req_t *r = job->req;
    state_t *s = job->state;
    if (crypto_pwhash_scryptsalsa208sha256_str(job->encoded, (const char *)r->password.data,
                                               r->password.len, s->opslimit, s->memlimit) != 0)
        fail(job, "crypto_pwhash_scryptsalsa208sha256_str");
    return last_char(job->encoded);
}

static uint8_t scrypt_verify(job_t *job) {
    const char *enc = job->verify_encoded;
    if (strncmp(enc, "$7$", 3) != 0 ||
        strlen(enc) != crypto_pwhash_scryptsalsa208sha256_STRBYTES - 1) {
        job_fail(job, ERR_INVALID_INPUT, "libsodium verifies only its own $7$ strings of %d chars",
                 crypto_pwhash_scryptsalsa208sha256_STRBYTES - 1);
        return 0;
    }
    const bytes_t *pw = &job->req->password;
    job->valid =
        crypto_pwhash_scryptsalsa208sha256_str_verify(enc, (const char *)pw->data, pw->len) == 0;
    return job->valid;
}

static err_kind prepare_digest(job_t *job, const req_t *req, state_t *s) {
    bool reset = req->mode == MODE_RESET;
    s->in = req->input.data;
    s->in_len = req->input.len;
    job->out_len = req->alg->digest_bytes;
    if (strcmp(req->alg_name, "blake2b-512") == 0)
        job->run = reset ? blake2b_reset : blake2b_oneshot;
    if (strcmp(req->alg_name, "sha256") == 0) job->run = reset ? sha256_reset : sha256_oneshot;
    if (strcmp(req->alg_name, "sha512") == 0) job->run = reset ? sha512_reset : sha512_oneshot;
    if (!job->run) return job_fail(job, ERR_UNSUPPORTED, "no libsodium call for %s", req->alg_name);
    return ERR_NONE;
}

static err_kind prepare_argon2(job_t *job, const req_t *req, state_t *s) {
    bool id = strcmp(req->alg_name, "argon2id") == 0;
    s->alg = id ? crypto_pwhash_ALG_ARGON2ID13 : crypto_pwhash_ALG_ARGON2I13;
    s->prefix = id ? "$argon2id$" : "$argon2i$";
    if (req->op == OP_VERIFY) {
        job->run = argon2_verify;
        return ERR_NONE;
    }
    if (req->param[P_P] != 1 || req->param[P_VERSION] != 19)
        return job_fail(job, ERR_UNSUPPORTED, "libsodium's argon2 has p=1 and version 19 only");
    if (req->secret.set || req->ad.set)
        return job_fail(job, ERR_UNSUPPORTED, "crypto_pwhash takes no secret or associated data");
    if (req->op == OP_DERIVE && req->salt.len != crypto_pwhash_SALTBYTES)
        return job_fail(job, ERR_UNSUPPORTED, "crypto_pwhash takes exactly %d-byte salts",
                        crypto_pwhash_SALTBYTES);
    if (req->op == OP_DERIVE && req->length < crypto_pwhash_BYTES_MIN)
        return job_fail(job, ERR_UNSUPPORTED, "crypto_pwhash outputs at least %d bytes",
                        crypto_pwhash_BYTES_MIN);
    if (req->op == OP_HASH && (req->salt.set || req->length != 32))
        return job_fail(job, ERR_UNSUPPORTED,
                        "crypto_pwhash_str_alg makes its own salt and a 32-byte tag");
    job->run = req->op == OP_DERIVE ? argon2_derive : argon2_hash;
    job->out_len = req->length;
    return ERR_NONE;
}

/* crypto_pwhash_scryptsalsa208sha256_str picks N, r, p from opslimit and memlimit. These
 * inverse its choice (pickparams in libsodium) for r = 8: memlimit = 128*r*N fixes N, and
 * opslimit = 4*N*r*p fixes p, provided opslimit is at least its floor of 32768. */
static err_kind prepare_scrypt_hash(job_t *job, const req_t *req, state_t *s) {
    unsigned long long n = (unsigned long long)req->param[P_N],
                       p = (unsigned long long)req->param[P_P];
    if ((n & (n - 1)) != 0)
        return job_fail(job, ERR_UNSUPPORTED,
                        "libsodium's scrypt strings hold N as a power of two");
    if (req->param[P_R] != 8 || n * p < 1024)
        return job_fail(job, ERR_UNSUPPORTED,
                        "libsodium's scrypt strings use r=8 and N*p >= 1024 (opslimit >= 32768)");
    if (req->salt.set || req->length != 32)
        return job_fail(
            job, ERR_UNSUPPORTED,
            "crypto_pwhash_scryptsalsa208sha256_str makes its own salt and a 32-byte hash");
    s->opslimit = 32 * n * p;
    s->memlimit = (size_t)(1024 * n);
    job->run = scrypt_hash;
    return ERR_NONE;
}

static err_kind prepare_scrypt(job_t *job, const req_t *req, state_t *s) {
    if (req->op == OP_DERIVE) {
        job->run = scrypt_derive;
        job->out_len = req->length;
        return ERR_NONE;
    }
    if (req->op == OP_VERIFY) {
        job->run = scrypt_verify;
        return ERR_NONE;
    }
    return prepare_scrypt_hash(job, req, s);
}

static err_kind prepare(job_t *job, const req_t *req) {
    /* aligned_alloc: libsodium's state types ask for 64-byte alignment. */
    size_t size = (sizeof(state_t) + 63) / 64 * 64;
    state_t *s = aligned_alloc(_Alignof(state_t) > 64 ? _Alignof(state_t) : 64, size);
    if (!s) return job_fail(job, ERR_LIBRARY, "out of memory");
    memset(s, 0, size);
    job->state = s;
    job->release = job_free_state;
    if (req->op == OP_DIGEST) return prepare_digest(job, req, s);
    if (strcmp(req->alg_name, "scrypt") == 0) return prepare_scrypt(job, req, s);
    if (strcmp(req->alg_name, "argon2id") == 0 || strcmp(req->alg_name, "argon2i") == 0)
        return prepare_argon2(job, req, s);
    return job_fail(job, ERR_UNSUPPORTED, "no libsodium call for %s", req->alg_name);
}

static const char *version(void) {
    return sodium_version_string();
}

static const char *const OPS[] = {"derive", "hash", "verify", "digest", "bench", NULL};
/* No "new": a libsodium hash state is a caller-owned struct; a fresh one per op is the
 * same init/update/final as reusing one. */
static const char *const MODES[] = {"oneshot", "reset", NULL};

const adapter_t adapter_libsodium = {
    .id = HB_RUNNER "/libsodium",
    .encoding = "phc",
    .notes = "argon2: p=1, version 19, 16-byte salt, >= 16-byte output, no secret/ad; argon2i "
             "needs t >= 3; hash makes its own salt (salt given: unsupported). scrypt hash: "
             "$7$ (mcf) with r=8, N*p >= 1024, via opslimit=32*N*p, memlimit=1024*N; scrypt "
             "verify takes only libsodium's 101-char $7$ strings; argon2 verify takes v=19 only. "
             "verify: a malformed string "
             "reads as valid=false (the library does not tell it apart), but a string of 128 "
             "characters or more is refused (invalid_input) before libsodium sees it. No 'new' "
             "mode.",
    .ops = OPS,
    .modes = MODES,
    .version = version,
    .prepare = prepare,
    .allocated_bytes = NULL,
};
