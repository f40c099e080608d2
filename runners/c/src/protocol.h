/* Runner protocol v1 (docs/protocol.md): request fields in, reply lines out. */
#ifndef HB_PROTOCOL_H
#define HB_PROTOCOL_H

#include <jansson.h>

#include "runner.h"

/* Reads the fields of a request object into req, checking only their JSON types and hex.
 * Strings in req point into root, which must outlive req. */
err_kind request_parse(json_t *root, req_t *req, char *msg, size_t msg_size);
void request_free(req_t *req);

/* A reply object carrying the request's id (null when req is NULL or had none). */
json_t *reply_new(const req_t *req);
/* Writes reply as one line on stdout, flushes, and releases it. */
void reply_send(json_t *reply);
void reply_error(const req_t *req, err_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

json_t *hex_string(const uint8_t *data, size_t len);

#endif
