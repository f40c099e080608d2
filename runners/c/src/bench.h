/* The timing loop: the only code that runs between two clock reads. */
#ifndef HB_BENCH_H
#define HB_BENCH_H

#include "runner.h"

uint64_t bench_now_ns(void);
long long bench_resolution_ns(void);

/* Times `samples` samples of `iters` calls of job->run into samples_ns (elapsed ns per
 * sample, not divided by iters) and returns the sink every call's result was folded into. */
uint8_t bench_run(job_t *job, uint64_t iters, size_t samples, uint64_t *samples_ns);

/* The empty op of `bench op=noop`: it only feeds the sink. */
uint8_t bench_noop(job_t *job);

#endif
