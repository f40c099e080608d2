/* hashbench C runner: protocol v1 over stdin/stdout (docs/protocol.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "adapters/adapters.h"
#include "bench.h"
#include "catalog.h"
#include "commands.h"
#include "protocol.h"

#ifdef __clang__
#define COMPILER "clang " __clang_version__
#else
#define COMPILER "gcc " __VERSION__
#endif
#ifdef HB_NATIVE
#define RUNTIME COMPILER " (-march=native)"
#else
#define RUNTIME COMPILER
#endif

static json_t *string_list(const char *const *items) {
    json_t *list = json_array();
    for (; *items; items++)
        json_array_append_new(list, json_string(*items));
    return list;
}

/* Each implementation under the compiled catalog's library, backend and algorithms; the
 * rest from its adapter and the library loaded. */
static void send_hello(void) {
    json_t *impls = json_array();
    for (const adapter_t *const *a = adapters_served(); *a; a++) {
        const adapter_t *ad = *a;
        const catalog_row *row = catalog_row_find(ad->id);
        json_t *impl =
            json_pack("{s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:b}", "id", ad->id, "library",
                      row->library, "version", ad->version(), "backend", row->backend, "algorithms",
                      string_list(row->algorithms), "ops", string_list(ad->ops), "modes",
                      string_list(ad->modes), "alloc", ad->allocated_bytes != NULL);
        json_object_set_new(impl, "encoding",
                            ad->encoding ? json_string(ad->encoding) : json_null());
        json_object_set_new(impl, "defaults", json_boolean(ad->defaults));
        json_object_set_new(impl, "unchecked", json_true()); /* catalog_check, for all */
        if (ad->notes) json_object_set_new(impl, "notes", json_string(ad->notes));
        json_array_append_new(impls, impl);
    }
    json_t *timer = json_pack("{s:s, s:I}", "clock", "CLOCK_MONOTONIC", "resolution_ns",
                              (json_int_t)bench_resolution_ns());
    reply_send(json_pack("{s:i, s:s, s:s, s:o, s:o}", "hello", 1, "runner", HB_RUNNER, "runtime",
                         RUNTIME, "timer", timer, "implementations", impls));
}

/* Handles one request line; returns false after `quit`. */
static bool handle_line(const char *line, size_t len) {
    json_error_t error;
    json_t *root = json_loadb(line, len, 0, &error);
    if (!root || !json_is_object(root)) {
        reply_error(NULL, ERR_PROTOCOL, "not a JSON object: %s",
                    root ? "other JSON value" : error.text);
        json_decref(root);
        return true;
    }
    req_t req = {0};
    char msg[512];
    bool go_on = true;
    err_kind err = request_parse(root, &req, msg, sizeof msg);
    if (err) {
        reply_error(&req, err, "%s", msg);
    } else if (strcmp(req.cmd, "quit") == 0) {
        json_t *reply = reply_new(&req);
        json_object_set_new(reply, "ok", json_true());
        reply_send(reply);
        go_on = false;
    } else if (strcmp(req.cmd, "bench") == 0) {
        cmd_bench(&req);
    } else if (strcmp(req.cmd, "derive") == 0) {
        cmd_op(&req, OP_DERIVE);
    } else if (strcmp(req.cmd, "hash") == 0) {
        cmd_op(&req, OP_HASH);
    } else if (strcmp(req.cmd, "verify") == 0) {
        cmd_op(&req, OP_VERIFY);
    } else if (strcmp(req.cmd, "digest") == 0) {
        cmd_op(&req, OP_DIGEST);
    } else {
        reply_error(&req, ERR_UNSUPPORTED, "unknown cmd '%s'", req.cmd);
    }
    request_free(&req);
    json_decref(root);
    return go_on;
}

/* The longest request line read, in bytes before the newline (docs/protocol.md). */
#define MAX_LINE ((size_t)16 << 20)

/* Reads the next line into *buf (grown as needed), without its newline; returns its
 * length, or -1 at the end of input. A line over MAX_LINE is read through to its newline
 * and not kept: *over is set, and its length is still returned. */
static ssize_t read_line(char **buf, size_t *cap, bool *over) {
    size_t len = 0;
    int c;
    *over = false;
    while ((c = getc_unlocked(stdin)) != EOF && c != '\n') {
        if (len >= MAX_LINE) {
            *over = true;
        } else {
            if (len + 1 >= *cap) {
                size_t grown = *cap ? 2 * *cap : 4096;
                char *bigger = realloc(*buf, grown);
                if (!bigger) {
                    *over = true; /* no memory for it: refused like an over-long line */
                    len++;
                    continue;
                }
                *buf = bigger;
                *cap = grown;
            }
            (*buf)[len] = (char)c;
        }
        len++;
    }
    if (c == EOF && len == 0) return -1;
    if (*buf) (*buf)[len < *cap ? len : *cap - 1] = '\0';
    return (ssize_t)len;
}

int main(void) {
    openssl_count_allocations(); /* must precede every other OpenSSL call */
    char msg[512];
    if (!catalog_load(HB_RUNNER, msg, sizeof msg)) {
        fprintf(stderr, HB_RUNNER " runner: %s (run hashbench build)\n", msg);
        return 1;
    }
    adapters_serve();
    if (libsodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    send_hello();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    bool over;
    while ((len = read_line(&line, &cap, &over)) >= 0) {
        if (over) {
            reply_error(NULL, ERR_PROTOCOL, "request line of %zd bytes is over the limit of %zu",
                        len, MAX_LINE);
            continue;
        }
        while (len > 0 && line[len - 1] == '\r')
            len--;
        if (!handle_line(line ? line : "", (size_t)len)) break;
    }
    free(line);
    return 0;
}
