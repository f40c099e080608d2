/* Jobs: one prepared operation that the core runs once or in the timing loop. */
#ifndef HB_JOB_H
#define HB_JOB_H

#include "runner.h"

job_t *job_new(void);
void job_free(job_t *job);

/* Prepares job for req->op with adapter. hash_verify is composed here from the adapter's
 * own hash and verify ops; after a run, job->verify_encoded is the string it hashed. */
err_kind job_prepare(job_t *job, const adapter_t *adapter, const req_t *req);

#endif
