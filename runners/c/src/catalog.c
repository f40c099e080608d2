/* The catalog's ranges and rules, checked before any library call. */
#include "catalog.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const param_spec *find_param(const alg_spec *alg, const char *key) {
    for (int i = 0; i < alg->nparams; i++)
        if (strcmp(alg->params[i].name, key) == 0) return &alg->params[i];
    return NULL;
}

static const char *find_param_name(const alg_spec *alg, param_id id) {
    for (int i = 0; i < alg->nparams; i++)
        if (alg->params[i].id == id) return alg->params[i].name;
    return NULL;
}

static bool has_param(const alg_spec *alg, param_id id) {
    return find_param_name(alg, id) != NULL;
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
    if (has_param(req->alg, P_M)) return (double)p[P_M] * 1024; /* argon2 */
    if (has_param(req->alg, P_N))
        return 128.0 * (double)p[P_R] * (double)(p[P_N] + p[P_P]); /* scrypt */
    return 0;
}

/* Whatever the catalog says: any value the C parameter types of all four libraries can
 * hold, and an output that fits the job's buffer. */
static const range_t C_TYPES = {0, 0, 2147483647};
static const range_t C_BUFFER = {0, 0, HB_OUT_MAX};

/* The value within `valid`: else the message, which says whose limit it is. */
static err_kind check_range(const char *what, long long v, range_t valid, const char *whose,
                            char *msg, size_t n) {
    if (in_range(v, valid)) return ERR_NONE;
    char range[64];
    describe(range, sizeof range, valid);
    snprintf(msg, n, "%s=%lld out of range %s%s", what, v, range, whose);
    return ERR_INVALID_PARAMS;
}

/* The catalog's rules beyond the range: choices, power of two, a minimum per another. */
static err_kind check_rules(req_t *req, const param_spec *ps, char *msg, size_t n) {
    long long v = req->param[ps->id];
    if (ps->nchoices) {
        bool listed = false;
        for (int i = 0; i < ps->nchoices; i++)
            listed = listed || v == ps->choices[i];
        if (!listed) {
            int used = snprintf(msg, n, "%s=%lld; valid:", ps->name, v);
            for (int i = 0; i < ps->nchoices && used > 0 && (size_t)used < n; i++)
                used += snprintf(msg + used, n - (size_t)used, " %lld", ps->choices[i]);
            return ERR_INVALID_PARAMS;
        }
    }
    if (ps->power_of_two && (v & (v - 1)) != 0) {
        snprintf(msg, n, "%s=%lld is not a power of two", ps->name, v);
        return ERR_INVALID_PARAMS;
    }
    long long floor = ps->min_per_factor * req->param[ps->min_per];
    if (ps->has_min_per && v < floor) {
        snprintf(msg, n, "%s=%lld below %lld*%s=%lld", ps->name, v, ps->min_per_factor,
                 find_param_name(req->alg, ps->min_per), floor);
        return ERR_INVALID_PARAMS;
    }
    return ERR_NONE;
}

static err_kind check_params(req_t *req, char *msg, size_t n) {
    const alg_spec *alg = req->alg;
    for (int i = 0; i < alg->nparams; i++)
        req->param[alg->params[i].id] = alg->params[i].range.def;
    for (int i = 0; i < req->nraw; i++) {
        const param_spec *ps = find_param(alg, req->raw[i].key);
        if (!ps) {
            snprintf(msg, n, "unknown parameter '%s' for %s", req->raw[i].key, alg->name);
            return ERR_INVALID_PARAMS;
        }
        long long v = req->raw[i].value;
        err_kind err = check_range(ps->name, v, C_TYPES, " (what the C APIs can take)", msg, n);
        if (!err && !req->unchecked) err = check_range(ps->name, v, ps->range, "", msg, n);
        if (err) return err;
        req->param[ps->id] = v;
    }
    for (int i = 0; i < alg->nparams && !req->unchecked; i++) {
        err_kind err = check_rules(req, &alg->params[i], msg, n);
        if (err) return err;
    }
    return ERR_NONE;
}

err_kind catalog_check(req_t *req, char *msg, size_t n) {
    const alg_spec *alg = req->alg;
    err_kind err = check_params(req, msg, n);
    if (err) return err;
    if (alg->has_length) {
        long long len = alg->length.def;
        if (strcmp(alg->name, "scrypt") == 0 && req->op == OP_DERIVE) len = 64; /* protocol */
        if (req->has_length) len = req->length_raw;
        err = check_range("length", len, C_BUFFER, " (the output buffer)", msg, n);
        if (!err && !req->unchecked) err = check_range("length", len, alg->length, "", msg, n);
        if (err) return err;
        req->length = (size_t)len;
    }
    bool check_salt = req->salt.set && alg->has_salt && !req->unchecked;
    if (check_salt && !in_range((long long)req->salt.len, alg->salt)) {
        char range[64];
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
