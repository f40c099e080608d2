#include "protocol.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ERROR_KINDS[] = {
    [ERR_PROTOCOL] = "protocol",
    [ERR_UNSUPPORTED] = "unsupported",
    [ERR_INVALID_PARAMS] = "invalid_params",
    [ERR_INVALID_INPUT] = "invalid_input",
    [ERR_LIBRARY] = "library_error",
};

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Optional string field: absent or null leaves *out NULL. */
static err_kind get_string(json_t *root, const char *key, const char **out, char *msg, size_t n) {
    json_t *v = json_object_get(root, key);
    if (!v || json_is_null(v)) return ERR_NONE;
    if (!json_is_string(v)) {
        snprintf(msg, n, "field '%s' must be a string", key);
        return ERR_PROTOCOL;
    }
    *out = json_string_value(v);
    return ERR_NONE;
}

static err_kind get_bool(json_t *root, const char *key, bool fallback, bool *out, char *msg,
                         size_t n) {
    json_t *v = json_object_get(root, key);
    *out = fallback;
    if (!v || json_is_null(v)) return ERR_NONE;
    if (!json_is_boolean(v)) {
        snprintf(msg, n, "field '%s' must be a boolean", key);
        return ERR_PROTOCOL;
    }
    *out = json_is_true(v);
    return ERR_NONE;
}

static err_kind get_int(json_t *root, const char *key, long long *out, bool *set, char *msg,
                        size_t n) {
    json_t *v = json_object_get(root, key);
    if (!v || json_is_null(v)) return ERR_NONE;
    if (!json_is_integer(v)) {
        snprintf(msg, n, "field '%s' must be an integer", key);
        return ERR_PROTOCOL;
    }
    *out = json_integer_value(v);
    if (set) *set = true;
    return ERR_NONE;
}

static err_kind get_hex(json_t *root, const char *key, bytes_t *out, char *msg, size_t n) {
    const char *text = NULL;
    err_kind err = get_string(root, key, &text, msg, n);
    if (err || !text) return err;
    size_t len = json_string_length(json_object_get(root, key));
    if (len % 2 != 0) {
        snprintf(msg, n, "field '%s' is not hex: odd length %zu", key, len);
        return ERR_PROTOCOL;
    }
    out->data = malloc(len / 2 + 1);
    if (!out->data) {
        snprintf(msg, n, "out of memory for field '%s'", key);
        return ERR_LIBRARY;
    }
    for (size_t i = 0; i < len / 2; i++) {
        int hi = hex_value(text[2 * i]), lo = hex_value(text[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            snprintf(msg, n, "field '%s' is not hex at offset %zu", key, 2 * i);
            return ERR_PROTOCOL;
        }
        out->data[i] = (uint8_t)(hi << 4 | lo);
    }
    out->data[len / 2] = 0;
    out->len = len / 2;
    out->set = true;
    return ERR_NONE;
}

static err_kind get_params(json_t *root, req_t *req, char *msg, size_t n) {
    json_t *params = json_object_get(root, "params");
    if (!params || json_is_null(params)) return ERR_NONE;
    req->has_params = true;
    if (!json_is_object(params)) {
        snprintf(msg, n, "field 'params' must be an object");
        return ERR_PROTOCOL;
    }
    const char *key;
    json_t *value;
    json_object_foreach(params, key, value) {
        if (!json_is_integer(value)) {
            snprintf(msg, n, "params.%s must be an integer", key);
            return ERR_PROTOCOL;
        }
        if (req->nraw == HB_MAX_RAW_PARAMS) {
            snprintf(msg, n, "too many params");
            return ERR_INVALID_PARAMS;
        }
        req->raw[req->nraw].key = key;
        req->raw[req->nraw].value = json_integer_value(value);
        req->nraw++;
    }
    return ERR_NONE;
}

err_kind request_parse(json_t *root, req_t *req, char *msg, size_t n) {
    json_t *id = json_object_get(root, "id");
    if (id && json_is_integer(id)) req->id = id;
    if (id && !json_is_integer(id) && !json_is_null(id)) {
        snprintf(msg, n, "field 'id' must be an integer");
        return ERR_PROTOCOL;
    }
    err_kind err = get_string(root, "cmd", &req->cmd, msg, n);
    if (!err && !req->cmd) {
        snprintf(msg, n, "missing field 'cmd'");
        err = ERR_PROTOCOL;
    }
    if (!err) err = get_string(root, "impl", &req->impl, msg, n);
    if (!err) err = get_string(root, "alg", &req->alg_name, msg, n);
    if (!err) err = get_string(root, "op", &req->op_name, msg, n);
    if (!err) err = get_string(root, "mode", &req->mode_name, msg, n);
    if (!err) err = get_string(root, "encoded", &req->encoded, msg, n);
    if (!err) err = get_hex(root, "password", &req->password, msg, n);
    if (!err) err = get_hex(root, "salt", &req->salt, msg, n);
    if (!err) err = get_hex(root, "secret", &req->secret, msg, n);
    if (!err) err = get_hex(root, "ad", &req->ad, msg, n);
    if (!err) err = get_hex(root, "input", &req->input, msg, n);
    if (!err) err = get_int(root, "length", &req->length_raw, &req->has_length, msg, n);
    if (!err) err = get_int(root, "input_size", &req->input_size, &req->has_input_size, msg, n);
    if (!err) err = get_int(root, "iters", &req->iters, NULL, msg, n);
    if (!err) err = get_int(root, "samples", &req->samples, NULL, msg, n);
    if (!err) err = get_params(root, req, msg, n);
    if (!err) err = get_bool(root, "unchecked", false, &req->unchecked, msg, n);
    if (!err) err = get_bool(root, "warm", true, &req->warm, msg, n);
    if (!err) err = get_bool(root, "alloc", true, &req->alloc, msg, n);
    return err;
}

void request_free(req_t *req) {
    free(req->password.data);
    free(req->salt.data);
    free(req->secret.data);
    free(req->ad.data);
    free(req->input.data);
}

json_t *reply_new(const req_t *req) {
    json_t *reply = json_object();
    json_t *id = req && req->id ? json_incref((json_t *)req->id) : json_null();
    json_object_set_new(reply, "id", id);
    return reply;
}

void reply_send(json_t *reply) {
    char *line = json_dumps(reply, JSON_COMPACT);
    json_decref(reply);
    if (!line) {
        /* Only on out-of-memory: still answer, with a line that needs no allocation. */
        line = strdup("{\"id\":null,\"error\":{\"kind\":\"library_error\",\"message\":\"OOM\"}}");
    }
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    free(line);
}

void reply_error(const req_t *req, err_kind kind, const char *fmt, ...) {
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    json_t *reply = reply_new(req);
    /* Library messages may carry bytes that are not UTF-8; jansson would refuse them. */
    json_t *text = json_string(message);
    if (!text) text = json_string("(message was not valid UTF-8)");
    json_object_set_new(reply, "error",
                        json_pack("{s:s, s:o}", "kind", ERROR_KINDS[kind], "message", text));
    reply_send(reply);
}

json_t *hex_string(const uint8_t *data, size_t len) {
    static const char digits[] = "0123456789abcdef";
    char *text = malloc(2 * len + 1);
    if (!text) return json_null();
    for (size_t i = 0; i < len; i++) {
        text[2 * i] = digits[data[i] >> 4];
        text[2 * i + 1] = digits[data[i] & 15];
    }
    text[2 * len] = 0;
    json_t *s = json_stringn(text, 2 * len);
    free(text);
    return s;
}
