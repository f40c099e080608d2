/* The compiled catalog (build/catalog.json, docs/protocol.md "The catalog a runner reads"),
 * read once at start-up: the parameter schema of every algorithm this runner serves, and
 * the catalog's row (library, backend, algorithms) for each of its implementations. The
 * ranges are checked before any library call. */
#ifndef HB_CATALOG_H
#define HB_CATALOG_H

#include "runner.h"

typedef enum { KIND_PASSWORD, KIND_DIGEST } alg_kind;

typedef struct {
    long long def, min, max; /* max < 0: no upper bound */
} range_t;

#define HB_MAX_CHOICES 8

typedef struct {
    param_id id; /* the slot adapters read it from (runner.h) */
    const char *name;
    range_t range;
    bool power_of_two;
    bool has_min_per; /* value >= min_per_factor * param[min_per] (argon2 m >= 8p) */
    param_id min_per;
    long long min_per_factor;
    int nchoices; /* 0: any value in range */
    long long choices[HB_MAX_CHOICES];
} param_spec;

#define HB_MAX_ALG_PARAMS 8

struct alg_spec {
    const char *name;
    alg_kind kind;
    size_t digest_bytes; /* digests only */
    bool has_length;
    range_t length;
    bool has_salt;
    range_t salt;
    int nparams;
    param_spec params[HB_MAX_ALG_PARAMS];
};

/* What the catalog says of one implementation this runner serves. */
typedef struct {
    const char *id, *library, *backend;
    const char *const *algorithms; /* NULL-terminated */
} catalog_row;

/* Reads the compiled catalog: $HASHBENCH_CATALOG, else build/catalog.json under
 * $HASHBENCH_ROOT, else under the repository root (above runners/c/build/). false, with
 * msg naming the file and what is wrong, if it is missing or malformed. */
bool catalog_load(const char *runner, char *msg, size_t msg_size);

const alg_spec *catalog_find(const char *name);

/* The catalog's row for an implementation id, or NULL if it lists none. */
const catalog_row *catalog_row_find(const char *id);

/* Fills req->param and req->length from req->raw, with defaults; checks every range,
 * the salt length and the memory the case needs. ERR_NONE or ERR_INVALID_PARAMS.
 * With req->unchecked only what keeps the runner safe is checked: values fit the C
 * parameter types, the output fits its buffer, the memory fits the machine. */
err_kind catalog_check(req_t *req, char *msg, size_t msg_size);

#endif
