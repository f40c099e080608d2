/* OpenSSL 3.0 through EVP: digests, PBKDF2-HMAC (PKCS5_PBKDF2_HMAC) and scrypt
 * (EVP_PBE_scrypt). Raw output only: OpenSSL has no password-hash string format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "../catalog.h"
#include "adapters.h"

/* Bytes OpenSSL requested through malloc and realloc (a realloc counts its new size).
 * A plain counter: the runner is single-threaded. */
static uint64_t allocated;

static void *count_malloc(size_t n, const char *file, int line) {
    (void)file, (void)line;
    allocated += n;
    return malloc(n);
}

static void *count_realloc(void *p, size_t n, const char *file, int line) {
    (void)file, (void)line;
    allocated += n;
    return realloc(p, n);
}

static void count_free(void *p, const char *file, int line) {
    (void)file, (void)line;
    free(p);
}

void openssl_count_allocations(void) {
    if (!CRYPTO_set_mem_functions(count_malloc, count_realloc, count_free))
        fprintf(stderr, "c runner: CRYPTO_set_mem_functions refused; alloc counts will be 0\n");
}

static uint64_t openssl_allocated(void) {
    return allocated;
}

/* Records OpenSSL's first queued error in job. */
static void fail(job_t *job, err_kind kind, const char *what) {
    unsigned long code = ERR_get_error();
    char text[160] = "no error queued";
    if (code) ERR_error_string_n(code, text, sizeof text);
    if (code && ERR_GET_REASON(code) == ERR_R_MALLOC_FAILURE) kind = ERR_LIBRARY;
    ERR_clear_error();
    job_fail(job, kind, "%s failed: %s", what, text);
}

typedef struct {
    EVP_MD *md;      /* fetched once per request, outside the loop */
    EVP_MD_CTX *ctx; /* reset mode: one context reused */
    const uint8_t *in;
    size_t in_len;
} state_t;

static uint8_t digest_oneshot(job_t *job) {
    state_t *s = job->state;
    if (!EVP_Digest(s->in, s->in_len, job->out, NULL, s->md, NULL))
        fail(job, ERR_LIBRARY, "EVP_Digest");
    return job->out[0];
}

static uint8_t digest_new(job_t *job) {
    state_t *s = job->state;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx && EVP_DigestInit_ex(ctx, s->md, NULL) &&
             EVP_DigestUpdate(ctx, s->in, s->in_len) && EVP_DigestFinal_ex(ctx, job->out, NULL);
    EVP_MD_CTX_free(ctx);
    if (!ok) fail(job, ERR_LIBRARY, "EVP_MD_CTX_new/EVP_Digest*");
    return job->out[0];
}

static uint8_t digest_reset(job_t *job) {
    state_t *s = job->state;
    int ok = EVP_DigestInit_ex(s->ctx, s->md, NULL) && EVP_DigestUpdate(s->ctx, s->in, s->in_len) &&
             EVP_DigestFinal_ex(s->ctx, job->out, NULL);
    if (!ok) fail(job, ERR_LIBRARY, "EVP_Digest*");
    return job->out[0];
}

static uint8_t pbkdf2(job_t *job) {
    state_t *s = job->state;
    const req_t *r = job->req;
    if (!PKCS5_PBKDF2_HMAC((const char *)r->password.data, (int)r->password.len, r->salt.data,
                           (int)r->salt.len, (int)r->param[P_ITERATIONS], s->md, (int)r->length,
                           job->out))
        fail(job, ERR_INVALID_PARAMS, "PKCS5_PBKDF2_HMAC");
    return job->out[0];
}

static uint8_t scrypt(job_t *job) {
    const req_t *r = job->req;
    /* OpenSSL's default maxmem (32 MiB) refuses N=2^16, r=8; catalog_check has already
     * refused what this machine cannot hold, so lift the cap. */
    const uint64_t maxmem = UINT64_MAX;
    if (!EVP_PBE_scrypt((const char *)r->password.data, r->password.len, r->salt.data, r->salt.len,
                        (uint64_t)r->param[P_N], (uint64_t)r->param[P_R], (uint64_t)r->param[P_P],
                        maxmem, job->out, r->length))
        fail(job, ERR_INVALID_PARAMS, "EVP_PBE_scrypt");
    return job->out[0];
}

static void release(job_t *job) {
    state_t *s = job->state;
    if (!s) return;
    EVP_MD_free(s->md);
    EVP_MD_CTX_free(s->ctx);
    free(s);
}

static const char *md_name(const char *alg) {
    static const char *const NAMES[][2] = {
        {"md5", "MD5"},
        {"sha1", "SHA1"},
        {"sha256", "SHA256"},
        {"sha512", "SHA512"},
        {"sha3-256", "SHA3-256"},
        {"blake2b-512", "BLAKE2B-512"},
        {"blake2s-256", "BLAKE2S-256"},
        {"pbkdf2-sha1", "SHA1"},
        {"pbkdf2-sha256", "SHA256"},
        {"pbkdf2-sha512", "SHA512"},
    };
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (strcmp(NAMES[i][0], alg) == 0) return NAMES[i][1];
    return NULL;
}

static err_kind prepare(job_t *job, const req_t *req) {
    state_t *s = calloc(1, sizeof *s);
    if (!s) return job_fail(job, ERR_LIBRARY, "out of memory");
    job->state = s;
    job->release = release;
    if (strcmp(req->alg_name, "scrypt") == 0) {
        job->run = scrypt;
        job->out_len = req->length;
        return ERR_NONE;
    }
    const char *name = md_name(req->alg_name);
    if (!name) return job_fail(job, ERR_UNSUPPORTED, "no OpenSSL call for %s", req->alg_name);
    s->md = EVP_MD_fetch(NULL, name, NULL);
    if (!s->md) return job_fail(job, ERR_LIBRARY, "EVP_MD_fetch(%s) failed", name);
    if (req->op == OP_DERIVE) {
        job->run = pbkdf2;
        job->out_len = req->length;
        return ERR_NONE;
    }
    s->in = req->input.data;
    s->in_len = req->input.len;
    job->out_len = (size_t)EVP_MD_get_size(s->md);
    if (req->mode == MODE_ONESHOT) job->run = digest_oneshot;
    if (req->mode == MODE_NEW) job->run = digest_new;
    if (req->mode == MODE_RESET) {
        s->ctx = EVP_MD_CTX_new();
        if (!s->ctx) return job_fail(job, ERR_LIBRARY, "EVP_MD_CTX_new failed");
        job->run = digest_reset;
    }
    return ERR_NONE;
}

static const char *version(void) {
    return OpenSSL_version(OPENSSL_VERSION_STRING);
}

static const char *const OPS[] = {"derive", "digest", "bench", NULL};
static const char *const MODES[] = {"oneshot", "new", "reset", NULL};

const adapter_t adapter_openssl = {
    .id = HB_RUNNER "/openssl",
    .encoding = NULL,
    .notes = "EVP API; raw output only (no hash strings); oneshot = EVP_Digest, which makes "
             "and frees a context per call; alloc counted through CRYPTO_set_mem_functions",
    .ops = OPS,
    .modes = MODES,
    .version = version,
    .prepare = prepare,
    .allocated_bytes = openssl_allocated,
};
