/* libxcrypt (crypt.h): bcrypt $2b$, yescrypt $y$, sha512crypt $6$, scrypt $7$.
 * hash = crypt_gensalt_rn then crypt_rn; verify = crypt_rn on the stored string and a
 * constant-time compare with it. The password goes in as the C string crypt(3) takes, so
 * the library reads it up to its first NUL byte: that truncation is its real behaviour. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <crypt.h>

#include "../catalog.h"
#include "adapters.h"

typedef struct {
    struct crypt_data data; /* crypt_rn's 32 KiB work area, reused across ops */
    const char *prefix;
    unsigned long count;
    const char *rbytes; /* the given salt, or NULL: libxcrypt draws random bytes */
    int nrbytes;
    char setting[CRYPT_GENSALT_OUTPUT_SIZE];
    bool rewrite_scrypt; /* see prepare_scrypt */
    int scrypt_log2n;
    uint32_t scrypt_r, scrypt_p;
} state_t;

static bool equal_ct(const char *a, const char *b) {
    size_t n = strlen(a);
    if (n != strlen(b)) return false; /* the length of a hash string is no secret */
    unsigned char diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (unsigned char)(a[i] ^ b[i]);
    return diff == 0;
}

/* crypt_gensalt_rn's $7$ settings fix r=32, p=1 and N=2^(count+7), count 6..11. For any
 * other N, r, p the adapter takes such a setting ("$7$" N rrrrr ppppp salt, salt still
 * encoded by the library) and rewrites its N, r and p fields; crypt_rn takes any scrypt
 * setting. The fields are base-64 digits, least significant first: N as log2 in one digit,
 * r and p as 30-bit numbers in five. */
static const char B64[] = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

static void put_b64(char *dst, uint32_t value, int digits) {
    for (int i = 0; i < digits; i++, value >>= 6)
        dst[i] = B64[value & 63];
}

static void rewrite_scrypt_fields(state_t *s) {
    s->setting[3] = B64[s->scrypt_log2n];
    put_b64(s->setting + 4, s->scrypt_r, 5);
    put_b64(s->setting + 9, s->scrypt_p, 5);
}

static uint8_t hash(job_t *job) {
    state_t *s = job->state;
    if (!crypt_gensalt_rn(s->prefix, s->count, s->rbytes, s->nrbytes, s->setting,
                          sizeof s->setting)) {
        job_fail(job, errno == EINVAL ? ERR_INVALID_PARAMS : ERR_LIBRARY,
                 "crypt_gensalt_rn(%s, %lu) refused: %s", s->prefix, s->count, strerror(errno));
        return 0;
    }
    if (s->rewrite_scrypt) rewrite_scrypt_fields(s);
    const char *out =
        crypt_rn((const char *)job->req->password.data, s->setting, &s->data, sizeof s->data);
    if (!out) {
        job_fail(job, errno == EINVAL ? ERR_INVALID_PARAMS : ERR_LIBRARY, "crypt_rn refused %s: %s",
                 s->setting, strerror(errno));
        return 0;
    }
    strcpy(job->encoded, out); /* CRYPT_OUTPUT_SIZE (384) < HB_ENCODED_MAX */
    return last_char(job->encoded);
}

static bool prefix_matches(const char *alg, const char *enc) {
    if (strcmp(alg, "bcrypt") == 0)
        return strncmp(enc, "$2", 2) == 0 && enc[2] && strchr("abxy", enc[2]) && enc[3] == '$';
    if (strcmp(alg, "yescrypt") == 0) return strncmp(enc, "$y$", 3) == 0;
    if (strcmp(alg, "sha512crypt") == 0) return strncmp(enc, "$6$", 3) == 0;
    return strncmp(enc, "$7$", 3) == 0;
}

static uint8_t verify(job_t *job) {
    state_t *s = job->state;
    const char *enc = job->verify_encoded;
    if (!prefix_matches(job->req->alg_name, enc)) {
        job_fail(job, ERR_INVALID_INPUT, "not a %s string", job->req->alg_name);
        return 0;
    }
    /* On a malformed setting crypt_rn returns NULL and leaves "*0" or "*1" in output. */
    const char *out =
        crypt_rn((const char *)job->req->password.data, enc, &s->data, sizeof s->data);
    if (!out || out[0] == '*') {
        job_fail(job, ERR_INVALID_INPUT, "crypt_rn rejected the string (%s)", s->data.output);
        return 0;
    }
    job->valid = equal_ct(out, enc);
    return job->valid;
}

static err_kind prepare_scrypt(job_t *job, const req_t *req, state_t *s) {
    if (req->length != 32)
        return job_fail(job, ERR_UNSUPPORTED, "libxcrypt's $7$ hash is 32 bytes");
    int log2n = 0;
    while ((1LL << log2n) < req->param[P_N])
        log2n++;
    if ((1LL << log2n) != req->param[P_N])
        return job_fail(job, ERR_UNSUPPORTED, "a $7$ setting holds N as a power of two only");
    if (req->param[P_R] == 32 && req->param[P_P] == 1 && log2n >= 13 && log2n <= 18) {
        s->count = (unsigned long)(log2n - 7);
        return ERR_NONE;
    }
    s->count = 7; /* any valid count: the setting's N, r, p fields are rewritten */
    s->rewrite_scrypt = true;
    s->scrypt_log2n = log2n;
    s->scrypt_r = (uint32_t)req->param[P_R];
    s->scrypt_p = (uint32_t)req->param[P_P];
    return ERR_NONE;
}

static const struct {
    const char *alg, *prefix;
    param_id cost; /* the parameter that is crypt_gensalt_rn's count */
} METHODS[] = {
    {"bcrypt", "$2b$", P_COST},
    {"yescrypt", "$y$", P_COST},
    {"sha512crypt", "$6$", P_ROUNDS},
    {"scrypt", "$7$", P_N},
};

static err_kind prepare_hash(job_t *job, const req_t *req, state_t *s, size_t i) {
    s->prefix = METHODS[i].prefix;
    /* Without params, count stays 0: crypt_gensalt_rn's own "low default cost". */
    if (req->has_params && METHODS[i].cost == P_N) {
        err_kind err = prepare_scrypt(job, req, s);
        if (err) return err;
    } else if (req->has_params) {
        s->count = (unsigned long)req->param[METHODS[i].cost];
    }
    if (req->salt.set) {
        s->rbytes = (const char *)req->salt.data;
        s->nrbytes = (int)req->salt.len;
    }
    job->run = hash;
    return ERR_NONE;
}

static err_kind prepare(job_t *job, const req_t *req) {
    state_t *s = job_alloc_state(job, sizeof *s);
    if (!s) return job_fail(job, ERR_LIBRARY, "out of memory");
    size_t i = 0;
    while (i < sizeof METHODS / sizeof METHODS[0] && strcmp(METHODS[i].alg, req->alg_name) != 0)
        i++;
    if (i == sizeof METHODS / sizeof METHODS[0])
        return job_fail(job, ERR_UNSUPPORTED, "no crypt(3) method for %s", req->alg_name);
    if (req->op == OP_VERIFY) {
        job->run = verify;
        return ERR_NONE;
    }
    return prepare_hash(job, req, s, i);
}

static const char *version(void) {
    return XCRYPT_VERSION_STR;
}

static const char *const OPS[] = {"hash", "verify", "bench", NULL};
static const char *const MODES[] = {NULL};

const adapter_t adapter_libxcrypt = {
    .id = HB_RUNNER "/libxcrypt",
    .encoding = "mcf",
    .notes = "hash = crypt_gensalt_rn + crypt_rn per op; a given salt is crypt_gensalt_rn's "
             "rbytes (sha512crypt uses the first 12 bytes, 16 salt chars); $6$ at rounds=5000 "
             "omits rounds=; scrypt: crypt_gensalt_rn's setting when N, r, p fit its count (r=32, "
             "p=1, N=2^13..2^18), else that setting with its N, r, p fields rewritten; "
             "crypt(3) reads a password up to its first NUL byte",
    .ops = OPS,
    .modes = MODES,
    .defaults = true,
    .version = version,
    .prepare = prepare,
    .allocated_bytes = NULL,
};
