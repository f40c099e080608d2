#include "job.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

err_kind job_fail(job_t *job, err_kind kind, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(job->msg, sizeof job->msg, fmt, ap);
    va_end(ap);
    job->err = kind;
    return kind;
}

void job_free_state(job_t *job) {
    free(job->state);
}

void *job_alloc_state(job_t *job, size_t size) {
    void *state = calloc(1, size);
    if (!state) return NULL;
    job->state = state;
    job->release = job_free_state;
    return state;
}

job_t *job_new(void) {
    return calloc(1, sizeof(job_t));
}

void job_free(job_t *job) {
    if (!job) return;
    if (job->release) job->release(job);
    free(job);
}

/* hash_verify: the adapter's hash, then its verify of that very string, as one op. */
typedef struct {
    req_t hash_req, verify_req;
    job_t *hash, *verify;
} pair_t;

static uint8_t hash_verify_run(job_t *job) {
    pair_t *pair = job->state;
    uint8_t check = pair->hash->run(pair->hash);
    check ^= pair->verify->run(pair->verify);
    job->valid = pair->verify->valid;
    if (pair->hash->err) job_fail(job, pair->hash->err, "hash: %s", pair->hash->msg);
    if (pair->verify->err) job_fail(job, pair->verify->err, "verify: %s", pair->verify->msg);
    return check;
}

static void pair_release(job_t *job) {
    pair_t *pair = job->state;
    job_free(pair->hash);
    job_free(pair->verify);
    free(pair);
}

static err_kind prepare_pair(job_t *job, const adapter_t *adapter, const req_t *req) {
    pair_t *pair = calloc(1, sizeof *pair);
    if (!pair) return job_fail(job, ERR_LIBRARY, "out of memory");
    job->state = pair;
    job->release = pair_release;
    pair->hash_req = *req;
    pair->hash_req.op = OP_HASH;
    pair->verify_req = *req;
    pair->verify_req.op = OP_VERIFY;
    pair->hash = job_new();
    pair->verify = job_new();
    if (!pair->hash || !pair->verify) return job_fail(job, ERR_LIBRARY, "out of memory");
    err_kind err = job_prepare(pair->hash, adapter, &pair->hash_req);
    if (err) return job_fail(job, err, "%s", pair->hash->msg);
    pair->verify_req.encoded = pair->hash->encoded;
    err = job_prepare(pair->verify, adapter, &pair->verify_req);
    if (err) return job_fail(job, err, "%s", pair->verify->msg);
    job->verify_encoded = pair->hash->encoded;
    job->run = hash_verify_run;
    return ERR_NONE;
}

err_kind job_prepare(job_t *job, const adapter_t *adapter, const req_t *req) {
    job->req = req;
    if (req->op == OP_HASH_VERIFY) return prepare_pair(job, adapter, req);
    job->verify_encoded = req->encoded;
    err_kind err = adapter->prepare(job, req);
    if (!err && !job->run) return job_fail(job, ERR_UNSUPPORTED, "no such operation");
    return err;
}
