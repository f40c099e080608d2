/* The Argon2 reference library (libargon2): raw derive, PHC strings, verify. */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include <argon2.h>

#include "../catalog.h"
#include "adapters.h"

typedef struct {
    argon2_type type;
    uint8_t salt[16]; /* hash without a given salt: fresh random bytes per op */
} state_t;

static void check(job_t *job, int rc, const char *what) {
    if (rc == ARGON2_OK) return;
    err_kind kind = ERR_INVALID_PARAMS;
    if (rc == ARGON2_MEMORY_ALLOCATION_ERROR || rc == ARGON2_THREAD_FAIL) kind = ERR_LIBRARY;
    job_fail(job, kind, "%s: %s", what, argon2_error_message(rc));
}

static uint8_t derive(job_t *job) {
    const req_t *r = job->req;
    state_t *s = job->state;
    int rc = argon2_hash((uint32_t)r->param[P_T], (uint32_t)r->param[P_M], (uint32_t)r->param[P_P],
                         r->password.data, r->password.len, r->salt.data, r->salt.len, job->out,
                         r->length, NULL, 0, s->type, (argon2_version)r->param[P_VERSION]);
    check(job, rc, "argon2_hash");
    return job->out[0];
}

/* With a secret key or associated data: the full context API (RFC 9106 vectors). */
static uint8_t derive_ctx(job_t *job) {
    const req_t *r = job->req;
    state_t *s = job->state;
    argon2_context ctx = {
        .out = job->out,
        .outlen = (uint32_t)r->length,
        .pwd = r->password.data,
        .pwdlen = (uint32_t)r->password.len,
        .salt = r->salt.data,
        .saltlen = (uint32_t)r->salt.len,
        .secret = r->secret.data,
        .secretlen = (uint32_t)r->secret.len,
        .ad = r->ad.data,
        .adlen = (uint32_t)r->ad.len,
        .t_cost = (uint32_t)r->param[P_T],
        .m_cost = (uint32_t)r->param[P_M],
        .lanes = (uint32_t)r->param[P_P],
        .threads = (uint32_t)r->param[P_P],
        .version = (uint32_t)r->param[P_VERSION],
        .flags = ARGON2_DEFAULT_FLAGS,
    };
    check(job, argon2_ctx(&ctx, s->type), "argon2_ctx");
    return job->out[0];
}

static uint8_t hash(job_t *job) {
    const req_t *r = job->req;
    state_t *s = job->state;
    const uint8_t *salt = r->salt.data;
    size_t salt_len = r->salt.len;
    if (!r->salt.set) {
        /* The reference library does not salt for you: the caller draws the salt. */
        if (getrandom(s->salt, sizeof s->salt, 0) != (ssize_t)sizeof s->salt) {
            job_fail(job, ERR_LIBRARY, "getrandom failed");
            return 0;
        }
        salt = s->salt;
        salt_len = sizeof s->salt;
    }
    int rc = argon2_hash((uint32_t)r->param[P_T], (uint32_t)r->param[P_M], (uint32_t)r->param[P_P],
                         r->password.data, r->password.len, salt, salt_len, NULL, r->length,
                         job->encoded, sizeof job->encoded, s->type,
                         (argon2_version)r->param[P_VERSION]);
    check(job, rc, "argon2_hash");
    return last_char(job->encoded);
}

static uint8_t verify(job_t *job) {
    const bytes_t *pw = &job->req->password;
    state_t *s = job->state;
    int rc = argon2_verify(job->verify_encoded, pw->data, pw->len, s->type);
    job->valid = rc == ARGON2_OK;
    if (rc != ARGON2_OK && rc != ARGON2_VERIFY_MISMATCH) {
        err_kind kind = rc == ARGON2_MEMORY_ALLOCATION_ERROR ? ERR_LIBRARY : ERR_INVALID_INPUT;
        job_fail(job, kind, "argon2_verify: %s", argon2_error_message(rc));
    }
    return job->valid;
}

static err_kind prepare(job_t *job, const req_t *req) {
    state_t *s = job_alloc_state(job, sizeof *s);
    if (!s) return job_fail(job, ERR_LIBRARY, "out of memory");
    if (strcmp(req->alg_name, "argon2id") == 0)
        s->type = Argon2_id;
    else if (strcmp(req->alg_name, "argon2i") == 0)
        s->type = Argon2_i;
    else if (strcmp(req->alg_name, "argon2d") == 0)
        s->type = Argon2_d;
    else
        return job_fail(job, ERR_UNSUPPORTED, "no libargon2 type for %s", req->alg_name);
    job->out_len = req->length;
    if (req->op == OP_DERIVE) job->run = req->secret.set || req->ad.set ? derive_ctx : derive;
    if (req->op == OP_VERIFY) job->run = verify;
    if (req->op == OP_HASH) {
        size_t salt_len = req->salt.set ? req->salt.len : sizeof s->salt;
        size_t need = argon2_encodedlen((uint32_t)req->param[P_T], (uint32_t)req->param[P_M],
                                        (uint32_t)req->param[P_P], (uint32_t)salt_len,
                                        (uint32_t)req->length, s->type);
        if (need > sizeof job->encoded)
            return job_fail(job, ERR_INVALID_PARAMS, "encoded string of %zu chars exceeds %d", need,
                            HB_ENCODED_MAX);
        job->run = hash;
    }
    return ERR_NONE;
}

static const char *version(void) {
    return ARGON2_LIB_VERSION; /* from pkg-config at build time: the library has no getter */
}

static const char *const OPS[] = {"derive", "hash", "verify", "bench", NULL};
static const char *const MODES[] = {NULL};

const adapter_t adapter_argon2 = {
    .id = HB_RUNNER "/argon2",
    .encoding = "phc",
    .notes = "reference implementation (libargon2); p lanes run on p threads; hash without a "
             "salt draws 16 bytes with getrandom() (the library does not salt for you); a hash "
             "whose string would pass 4096 characters (a salt of 65535 bytes) is refused: the "
             "runner's reply buffer",
    .ops = OPS,
    .modes = MODES,
    .version = version,
    .prepare = prepare,
    .allocated_bytes = NULL,
};
