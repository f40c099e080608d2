#include "bench.h"

#include <time.h>

/* Every op's result is folded into `fold`, which is stored here after each op; volatile so
 * the compiler must keep every store. Only stored, never re-read in the loop: a volatile
 * read-modify-write would chain each op to the last through store forwarding (~5 cycles,
 * 2 ns here), more than the noop target. */
static volatile uint8_t sink;

uint64_t bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

long long bench_resolution_ns(void) {
    struct timespec ts;
    clock_getres(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

uint8_t bench_noop(job_t *job) {
    (void)job;
    return 1;
}

uint8_t bench_run(job_t *job, uint64_t iters, size_t samples, uint64_t *samples_ns) {
    op_fn run = job->run; /* resolved once: the loop makes one indirect call per op */
    uint8_t fold = 0;
    for (size_t k = 0; k < samples; k++) {
        uint64_t start = bench_now_ns();
        for (uint64_t i = 0; i < iters; i++) {
            fold ^= run(job);
            sink = fold;
        }
        samples_ns[k] = bench_now_ns() - start;
    }
    return fold;
}
