/* The protocol commands: resolve a request against an adapter, run it, reply. */
#include "commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "adapters/adapters.h"
#include "bench.h"
#include "catalog.h"
#include "job.h"
#include "protocol.h"

#define MAX_SAMPLES    1000000
#define MAX_INPUT_SIZE (1LL << 30)

static const char *const OP_NAMES[] = {
    [OP_DERIVE] = "derive",           [OP_HASH] = "hash",
    [OP_VERIFY] = "verify",           [OP_DIGEST] = "digest",
    [OP_HASH_VERIFY] = "hash_verify", [OP_NOOP] = "noop",
};
static const char *const MODE_NAMES[] = {
    [MODE_ONESHOT] = "oneshot", [MODE_NEW] = "new", [MODE_RESET] = "reset"};

static bool listed(const char *const *list, const char *name) {
    for (; *list; list++)
        if (strcmp(*list, name) == 0) return true;
    return false;
}

static op_kind op_from_name(const char *name) {
    for (int op = OP_DERIVE; op <= OP_NOOP; op++)
        if (name && strcmp(OP_NAMES[op], name) == 0) return (op_kind)op;
    return OP_NONE;
}

static bool offers_op(const adapter_t *ad, op_kind op) {
    if (op == OP_HASH_VERIFY) return listed(ad->ops, "hash") && listed(ad->ops, "verify");
    return listed(ad->ops, OP_NAMES[op]);
}

/* Field presence per op; types were checked by request_parse. */
static err_kind check_fields(const req_t *req, bool bench, char *msg, size_t n) {
    const char *missing = NULL;
    if (req->op == OP_DIGEST && !req->input.set && !(bench && req->has_input_size))
        missing = bench ? "input or input_size" : "input";
    if (req->op != OP_DIGEST && !req->password.set) missing = "password";
    if (req->op == OP_DERIVE && !req->salt.set) missing = "salt";
    if (req->op == OP_VERIFY && !req->encoded && !bench) missing = "encoded";
    if (missing) {
        snprintf(msg, n, "%s needs field '%s'", OP_NAMES[req->op], missing);
        return ERR_PROTOCOL;
    }
    return ERR_NONE;
}

static err_kind check_mode(req_t *req, const adapter_t *ad, char *msg, size_t n) {
    req->mode = MODE_ONESHOT;
    if (!req->mode_name) return ERR_NONE;
    for (int m = MODE_ONESHOT; m <= MODE_RESET; m++)
        if (strcmp(MODE_NAMES[m], req->mode_name) == 0) req->mode = (mode_kind)m;
    bool known = strcmp(MODE_NAMES[req->mode], req->mode_name) == 0;
    bool ok = req->op == OP_DIGEST ? listed(ad->modes, req->mode_name) : req->mode == MODE_ONESHOT;
    if (!known || !ok) {
        snprintf(msg, n, "%s offers no mode '%s' for %s", ad->id, req->mode_name,
                 OP_NAMES[req->op]);
        return ERR_UNSUPPORTED;
    }
    return ERR_NONE;
}

/* impl, op, alg, mode, fields, parameter ranges: everything before the library is called. */
static err_kind resolve(req_t *req, bool bench, const adapter_t **out, char *msg, size_t n) {
    const adapter_t *ad = req->impl ? adapter_find(req->impl) : NULL;
    if (!ad) {
        snprintf(msg, n, "unknown implementation '%s'; known: %s", req->impl ? req->impl : "",
                 adapter_ids());
        return ERR_UNSUPPORTED;
    }
    if (!offers_op(ad, req->op) || (bench && !listed(ad->ops, "bench"))) {
        snprintf(msg, n, "%s does not offer %s%s", ad->id, bench ? "bench of " : "",
                 OP_NAMES[req->op]);
        return ERR_UNSUPPORTED;
    }
    const catalog_row *row = catalog_row_find(ad->id);
    req->alg = req->alg_name ? catalog_find(req->alg_name) : NULL;
    if (!req->alg || !listed(row->algorithms, req->alg_name)) {
        snprintf(msg, n, "%s offers no algorithm '%s'", ad->id, req->alg_name ? req->alg_name : "");
        return ERR_UNSUPPORTED;
    }
    if ((req->alg->kind == KIND_DIGEST) != (req->op == OP_DIGEST)) {
        snprintf(msg, n, "%s is not defined for %s", OP_NAMES[req->op], req->alg_name);
        return ERR_UNSUPPORTED;
    }
    bool hashes = req->op == OP_HASH || req->op == OP_HASH_VERIFY ||
                  (req->op == OP_VERIFY && bench && !req->encoded);
    if (hashes && !req->has_params && !ad->defaults) {
        snprintf(msg, n, "%s has no hash call without parameters: give params", ad->id);
        return ERR_UNSUPPORTED;
    }
    err_kind err = check_mode(req, ad, msg, n);
    if (!err) err = check_fields(req, bench, msg, n);
    if (!err && req->alg->kind == KIND_PASSWORD) err = catalog_check(req, msg, n);
    *out = ad;
    return err;
}

/* The last result of job, as the reply fields of its op. */
static void add_result(json_t *reply, const job_t *job, op_kind op) {
    if (op == OP_DERIVE || op == OP_DIGEST)
        json_object_set_new(reply, "output", hex_string(job->out, job->out_len));
    if (op == OP_HASH) json_object_set_new(reply, "encoded", json_string(job->encoded));
    if (op == OP_HASH_VERIFY)
        json_object_set_new(reply, "encoded", json_string(job->verify_encoded));
    if (op == OP_VERIFY || op == OP_HASH_VERIFY)
        json_object_set_new(reply, "valid", json_boolean(job->valid));
}

/* Prepares job; on failure replies the error and returns false. */
static bool prepare(job_t *job, const adapter_t *ad, req_t *req) {
    err_kind err = job_prepare(job, ad, req);
    if (err) reply_error(req, err, "%s: %s", ad->id, job->msg);
    return err == ERR_NONE;
}

/* Prepares and runs job once (a bench request's untimed first run); on failure replies the
 * error and returns false. */
static bool prepare_and_run(job_t *job, const adapter_t *ad, req_t *req) {
    if (job_prepare(job, ad, req) == ERR_NONE) job->run(job);
    if (job->err) reply_error(req, job->err, "%s: %s", ad->id, job->msg);
    return job->err == ERR_NONE;
}

void cmd_op(req_t *req, op_kind op) {
    char msg[512];
    const adapter_t *ad;
    req->op = op;
    err_kind err = resolve(req, false, &ad, msg, sizeof msg);
    job_t *job = err ? NULL : job_new();
    if (err) {
        reply_error(req, err, "%s", msg);
    } else if (!job) {
        reply_error(req, ERR_LIBRARY, "out of memory");
    } else if (prepare_and_run(job, ad, req)) {
        json_t *reply = reply_new(req);
        add_result(reply, job, op);
        reply_send(reply);
    }
    job_free(job);
}

/* Digest input of `input_size` bytes: byte i = i mod 251, BLAKE3's test pattern. */
static bool make_input(req_t *req) {
    if (req->input.set || !req->has_input_size) return true;
    req->input.data = malloc((size_t)req->input_size + 1);
    if (!req->input.data) return false;
    for (long long i = 0; i < req->input_size; i++)
        req->input.data[i] = (uint8_t)(i % 251);
    req->input.len = (size_t)req->input_size;
    req->input.set = true;
    return true;
}

/* `verify` without `encoded`: make one with the implementation's own hash, untimed. */
static bool make_encoded(req_t *req, const adapter_t *ad, char *buffer) {
    req_t hash_req = *req;
    hash_req.op = OP_HASH;
    job_t *job = job_new();
    bool ok = job && prepare_and_run(job, ad, &hash_req);
    if (ok) {
        memcpy(buffer, job->encoded, HB_ENCODED_MAX);
        req->encoded = buffer;
    }
    if (!job) reply_error(req, ERR_LIBRARY, "out of memory");
    job_free(job);
    return ok;
}

static void send_bench_reply(req_t *req, const adapter_t *ad, job_t *job, uint64_t *samples,
                             uint8_t check, uint64_t allocated) {
    json_t *reply = reply_new(req);
    json_t *list = json_array();
    for (long long k = 0; k < req->samples; k++)
        json_array_append_new(list, json_integer((json_int_t)samples[k]));
    json_object_set_new(reply, "samples_ns", list);
    json_object_set_new(reply, "iters", json_integer(req->iters));
    json_object_set_new(reply, "check", hex_string(&check, 1));
    if (ad) add_result(reply, job, req->op);
    if (ad && ad->allocated_bytes && req->alloc) {
        double ops = (double)req->iters * (double)req->samples;
        json_object_set_new(reply, "alloc_bytes_per_op", json_real((double)allocated / ops));
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    json_object_set_new(reply, "peak_rss_bytes", json_integer((json_int_t)usage.ru_maxrss * 1024));
    reply_send(reply);
}

/* Everything about a bench request that can be refused before any work is done. */
static err_kind check_bench(req_t *req, const adapter_t **ad, char *msg, size_t n) {
    req->op = op_from_name(req->op_name);
    if (req->op == OP_NONE) {
        snprintf(msg, n, "unknown bench op '%s'", req->op_name ? req->op_name : "");
        return ERR_UNSUPPORTED;
    }
    if (req->iters < 1 || req->samples < 1 || req->samples > MAX_SAMPLES) {
        snprintf(msg, n, "need iters >= 1 and 1 <= samples <= %d", MAX_SAMPLES);
        return ERR_INVALID_PARAMS;
    }
    if (req->has_input_size && (req->input_size < 0 || req->input_size > MAX_INPUT_SIZE)) {
        snprintf(msg, n, "input_size=%lld out of range 0..%lld", req->input_size, MAX_INPUT_SIZE);
        return ERR_INVALID_PARAMS;
    }
    if (req->op == OP_NOOP) return ERR_NONE;
    err_kind err = resolve(req, true, ad, msg, n);
    if (!err && !make_input(req)) {
        snprintf(msg, n, "out of memory for the input");
        err = ERR_LIBRARY;
    }
    return err;
}

void cmd_bench(req_t *req) {
    char msg[512], encoded[HB_ENCODED_MAX];
    const adapter_t *ad = NULL;
    err_kind err = check_bench(req, &ad, msg, sizeof msg);
    if (err) {
        reply_error(req, err, "%s", msg);
        return;
    }
    if (req->op == OP_VERIFY && !req->encoded && !make_encoded(req, ad, encoded)) return;

    job_t *job = job_new();
    uint64_t *samples = calloc((size_t)req->samples, sizeof *samples);
    if (!job || !samples) {
        reply_error(req, ERR_LIBRARY, "out of memory");
    } else if (req->op == OP_NOOP) {
        job->run = bench_noop;
        uint8_t check = bench_run(job, (uint64_t)req->iters, (size_t)req->samples, samples);
        send_bench_reply(req, NULL, job, samples, check, 0);
    } else if (req->warm ? prepare_and_run(job, ad, req) : prepare(job, ad, req)) {
        uint64_t before = ad->allocated_bytes ? ad->allocated_bytes() : 0;
        uint8_t check = bench_run(job, (uint64_t)req->iters, (size_t)req->samples, samples);
        uint64_t allocated = ad->allocated_bytes ? ad->allocated_bytes() - before : 0;
        if (job->err)
            reply_error(req, job->err, "%s failed during the timed loop: %s", ad->id, job->msg);
        else
            send_bench_reply(req, ad, job, samples, check, allocated);
    }
    free(samples);
    job_free(job);
}
