#include "catalog.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NO_MAX (-1)
#define ARGON2(alg_name)                                                                           \
    {                                                                                              \
        alg_name, KIND_PASSWORD, 0, true, {32, 4, 1024}, {16, 8, NO_MAX}, {                        \
            {P_M, "m", {65536, 8, 4194304}, RULE_MIN_8P}, {P_T, "t", {3, 1, 1000}, 0},             \
                {P_P, "p", {4, 1, 255}, 0}, {P_VERSION, "version", {19, 16, 19}, RULE_VERSION},    \
        }                                                                                          \
    }
#define PBKDF2(alg_name, out, iters)                                                               \
    {                                                                                              \
        alg_name, KIND_PASSWORD, 0, true, {out, 1, 1024}, {16, 0, NO_MAX}, {                       \
            {P_ITERATIONS, "iterations", {iters, 1, 100000000}, 0},                                \
        }                                                                                          \
    }
#define DIGEST(alg_name, bytes)                                                                    \
    {                                                                                              \
        alg_name, KIND_DIGEST, bytes, false, {0, 0, 0}, {0, 0, 0}, {                               \
            { 0 }                                                                                  \
        }                                                                                          \
    }

static const alg_spec CATALOG[] = {
    ARGON2("argon2id"),
    ARGON2("argon2i"),
    ARGON2("argon2d"),
    {"scrypt",
     KIND_PASSWORD,
     0,
     true,
     {32, 1, 1024}, /* derive defaults to 64: see catalog_check */
     {16, 0, NO_MAX},
     {
         {P_N, "n", {65536, 2, 1073741824}, RULE_POWER_OF_TWO},
         {P_R, "r", {8, 1, 1024}, 0},
         {P_P, "p", {1, 1, 1024}, 0},
     }},
    {"bcrypt",
     KIND_PASSWORD,
     0,
     false,
     {0, 0, 0},
     {16, 16, 16},
     {{P_COST, "cost", {10, 4, 31}, 0}}},
    PBKDF2("pbkdf2-sha1", 20, 600000),
    PBKDF2("pbkdf2-sha256", 32, 600000),
    PBKDF2("pbkdf2-sha512", 64, 210000),
    {"yescrypt",
     KIND_PASSWORD,
     0,
     false,
     {0, 0, 0},
     {16, 0, NO_MAX},
     {{P_COST, "cost", {5, 1, 11}, 0}}},
    {"sha512crypt",
     KIND_PASSWORD,
     0,
     false,
     {0, 0, 0},
     {16, 0, 16},
     {{P_ROUNDS, "rounds", {5000, 1000, 999999999}, 0}}},
    DIGEST("md5", 16),
    DIGEST("sha1", 20),
    DIGEST("sha256", 32),
    DIGEST("sha512", 64),
    DIGEST("sha3-256", 32),
    DIGEST("blake2b-512", 64),
    DIGEST("blake2s-256", 32),
    DIGEST("blake3", 32),
};

const alg_spec *catalog_find(const char *name) {
    for (size_t i = 0; i < sizeof CATALOG / sizeof CATALOG[0]; i++)
        if (strcmp(CATALOG[i].name, name) == 0) return &CATALOG[i];
    return NULL;
}

static const param_spec *find_param(const alg_spec *alg, const char *key) {
    for (int i = 0; i < 4 && alg->params[i].name; i++)
        if (strcmp(alg->params[i].name, key) == 0) return &alg->params[i];
    return NULL;
}

static bool in_range(long long v, range_t r) {
    return v >= r.min && (r.max < 0 || v <= r.max);
}

static void describe(char *buf, size_t n, range_t r) {
    if (r.max < 0)
        snprintf(buf, n, ">= %lld", r.min);
    else
        snprintf(buf, n, "%lld..%lld", r.min, r.max);
}

/* Rough peak memory of one op in bytes, to refuse what this machine cannot hold. A double:
 * unchecked values may be large enough to overflow an integer product. */
static double memory_need(const req_t *req) {
    const long long *p = req->param;
    if (req->alg->params[0].id == P_M) return (double)p[P_M] * 1024;
    if (req->alg->params[0].id == P_N) return 128.0 * (double)p[P_R] * (double)(p[P_N] + p[P_P]);
    return 0;
}

/* unchecked: any value the C parameter types of all four libraries can hold as given. */
static const range_t C_TYPES = {0, 0, 2147483647};

static err_kind check_rules(req_t *req, const param_spec *ps, char *msg, size_t n) {
    long long v = req->param[ps->id];
    if ((ps->rules & RULE_POWER_OF_TWO) && (v & (v - 1)) != 0) {
        snprintf(msg, n, "%s=%lld is not a power of two", ps->name, v);
        return ERR_INVALID_PARAMS;
    }
    if ((ps->rules & RULE_MIN_8P) && v < 8 * req->param[P_P]) {
        snprintf(msg, n, "%s=%lld below 8*p=%lld", ps->name, v, 8 * req->param[P_P]);
        return ERR_INVALID_PARAMS;
    }
    if ((ps->rules & RULE_VERSION) && v != 16 && v != 19) {
        snprintf(msg, n, "%s=%lld; valid: 16, 19", ps->name, v);
        return ERR_INVALID_PARAMS;
    }
    return ERR_NONE;
}

err_kind catalog_check(req_t *req, char *msg, size_t n) {
    const alg_spec *alg = req->alg;
    char range[64];
    for (int i = 0; i < 4 && alg->params[i].name; i++)
        req->param[alg->params[i].id] = alg->params[i].range.def;
    for (int i = 0; i < req->nraw; i++) {
        const param_spec *ps = find_param(alg, req->raw[i].key);
        if (!ps) {
            snprintf(msg, n, "unknown parameter '%s' for %s", req->raw[i].key, alg->name);
            return ERR_INVALID_PARAMS;
        }
        range_t valid = req->unchecked ? C_TYPES : ps->range;
        if (!in_range(req->raw[i].value, valid)) {
            describe(range, sizeof range, valid);
            snprintf(msg, n, "%s=%lld out of range %s%s", ps->name, req->raw[i].value, range,
                     req->unchecked ? " (unchecked: what the C APIs can take)" : "");
            return ERR_INVALID_PARAMS;
        }
        req->param[ps->id] = req->raw[i].value;
    }
    for (int i = 0; i < 4 && alg->params[i].name && !req->unchecked; i++) {
        err_kind err = check_rules(req, &alg->params[i], msg, n);
        if (err) return err;
    }
    if (alg->has_length) {
        long long def = alg->length.def;
        if (strcmp(alg->name, "scrypt") == 0 && req->op == OP_DERIVE) def = 64;
        long long len = req->has_length ? req->length_raw : def;
        range_t valid = req->unchecked ? (range_t){0, 0, HB_OUT_MAX} : alg->length; /* buffer */
        if (!in_range(len, valid)) {
            describe(range, sizeof range, valid);
            snprintf(msg, n, "length=%lld out of range %s", len, range);
            return ERR_INVALID_PARAMS;
        }
        req->length = (size_t)len;
    }
    bool check_salt = req->salt.set && alg->kind == KIND_PASSWORD && !req->unchecked;
    if (check_salt && !in_range((long long)req->salt.len, alg->salt)) {
        describe(range, sizeof range, alg->salt);
        snprintf(msg, n, "salt of %zu bytes; valid: %s bytes", req->salt.len, range);
        return ERR_INVALID_PARAMS;
    }
    /* Kept when unchecked too: an allocation the kernel overcommits would end in an OOM kill. */
    double need = memory_need(req);
    double have = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    if (need > have) {
        snprintf(msg, n, "needs %.0f MiB of memory; this machine has %.0f MiB", need / 1048576,
                 have / 1048576);
        return ERR_INVALID_PARAMS;
    }
    return ERR_NONE;
}
