/* Protocol commands; each sends exactly one reply line. */
#ifndef HB_COMMANDS_H
#define HB_COMMANDS_H

#include "runner.h"

/* derive, hash, verify, digest */
void cmd_op(req_t *req, op_kind op);
void cmd_bench(req_t *req);

#endif
