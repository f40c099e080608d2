/* Types shared by the protocol core and the library adapters. */
#ifndef HB_RUNNER_H
#define HB_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The runner's name and its implementations' prefix: "c", or "c-native" for the build for
 * this CPU (`make native`: runners/c-native/runner.toml). */
#ifndef HB_RUNNER
#define HB_RUNNER "c"
#endif

/* Error kinds of docs/protocol.md; ERR_NONE is success. */
typedef enum {
    ERR_NONE,
    ERR_PROTOCOL,
    ERR_UNSUPPORTED,
    ERR_INVALID_PARAMS,
    ERR_INVALID_INPUT,
    ERR_LIBRARY,
} err_kind;

typedef enum { OP_NONE, OP_DERIVE, OP_HASH, OP_VERIFY, OP_DIGEST, OP_HASH_VERIFY, OP_NOOP } op_kind;
typedef enum { MODE_ONESHOT, MODE_NEW, MODE_RESET } mode_kind;

/* One slot per parameter name of catalog/algorithms.toml. */
typedef enum {
    P_M,
    P_T,
    P_P,
    P_VERSION,
    P_N,
    P_R,
    P_COST,
    P_ITERATIONS,
    P_ROUNDS,
    P_COUNT
} param_id;

/* Bytes decoded from hex; data is always NUL-terminated so C-string APIs can take it. */
typedef struct {
    uint8_t *data;
    size_t len;
    bool set;
} bytes_t;

typedef struct alg_spec alg_spec; /* catalog.h */

#define HB_MAX_RAW_PARAMS 16

/* A request: fields as parsed (request.c), then resolved against the catalog (catalog.c). */
typedef struct {
    const void *id; /* the request's json id (an integer) or NULL */
    const char *cmd, *impl, *alg_name, *op_name, *mode_name, *encoded;
    bytes_t password, salt, secret, ad, input;
    struct {
        const char *key;
        long long value;
    } raw[HB_MAX_RAW_PARAMS];
    int nraw;
    bool has_params; /* absent params on a hash: the library's own defaults */
    bool unchecked;  /* skip the catalog ranges: the library gets the values as given */
    bool warm;       /* bench: one untimed run before the samples (default true) */
    bool alloc;      /* bench: report alloc_bytes_per_op (default true) */
    bool has_length, has_input_size;
    long long length_raw, input_size, iters, samples;

    /* Filled in by validation: */
    const alg_spec *alg;
    op_kind op;
    mode_kind mode;
    long long param[P_COUNT]; /* requested value, or the catalog default */
    size_t length;            /* output bytes; 0 when the algorithm has no length */
} req_t;

#define HB_OUT_MAX     1024
#define HB_ENCODED_MAX 4096

typedef struct job job_t;

/* One timed operation. Returns a byte of its result for the sink; on failure it calls
 * job_fail(), which the core checks after the loop. */
typedef uint8_t (*op_fn)(job_t *job);

struct job {
    op_fn run;
    void (*release)(job_t *job); /* frees adapter state; may be NULL */
    void *state;                 /* adapter-owned */
    const req_t *req;
    const char *verify_encoded; /* what a verify op checks (set by the core) */
    uint8_t out[HB_OUT_MAX];    /* derive / digest result */
    size_t out_len;
    char encoded[HB_ENCODED_MAX]; /* hash result */
    bool valid;                   /* verify result */
    err_kind err;
    char msg[256];
};

/* A byte of an encoded string for the sink: its last char, which the hash decides. */
static inline uint8_t last_char(const char *s) {
    size_t n = 0;
    while (s[n])
        n++;
    return n ? (uint8_t)s[n - 1] : 0;
}

/* Records a failure in job and returns kind, so adapters can `return job_fail(...)`. */
err_kind job_fail(job_t *job, err_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A release that frees job->state, for adapters whose state is one plain allocation. */
void job_free_state(job_t *job);

/* Allocates `size` zeroed bytes as job->state, freed by job_free_state when the job goes.
 * Returns NULL when out of memory (job->state left unset). */
void *job_alloc_state(job_t *job, size_t size);

/* One library's calls. Its library name, backend and algorithms are the compiled
 * catalog's (catalog_row_find(id)); prepare refuses an algorithm it has no call for. */
typedef struct {
    const char *id, *encoding, *notes;
    const char *const *ops;
    const char *const *modes;
    bool defaults; /* has a hash call without parameters (protocol: library defaults) */
    const char *(*version)(void);
    /* Sets job->run (and state) for req->op. Called outside any timing loop. */
    err_kind (*prepare)(job_t *job, const req_t *req);
    /* Bytes the library allocated so far, or NULL when the runner cannot count them. */
    uint64_t (*allocated_bytes)(void);
} adapter_t;

#endif
