/* The ranges of catalog/algorithms.toml, checked before any library call.
 * This is a copy of that file's numbers: keep the two in step. */
#ifndef HB_CATALOG_H
#define HB_CATALOG_H

#include "runner.h"

typedef enum { KIND_PASSWORD, KIND_DIGEST } alg_kind;

enum {
    RULE_POWER_OF_TWO = 1, /* value must be a power of two */
    RULE_MIN_8P = 2,       /* value >= 8 * p (argon2 m) */
    RULE_VERSION = 4,      /* one of 16, 19 */
};

typedef struct {
    long long def, min, max; /* max < 0: no upper bound */
} range_t;

typedef struct {
    param_id id;
    const char *name;
    range_t range;
    unsigned rules;
} param_spec;

struct alg_spec {
    const char *name;
    alg_kind kind;
    size_t digest_bytes; /* digests only */
    bool has_length;
    range_t length;
    range_t salt;
    param_spec params[4];
};

const alg_spec *catalog_find(const char *name);

/* Fills req->param and req->length from req->raw, with defaults; checks every range,
 * the salt length and the memory the case needs. ERR_NONE or ERR_INVALID_PARAMS.
 * With req->unchecked only what keeps the runner safe is checked: values fit the C
 * parameter types, the output fits its buffer, the memory fits the machine. */
err_kind catalog_check(req_t *req, char *msg, size_t msg_size);

#endif
