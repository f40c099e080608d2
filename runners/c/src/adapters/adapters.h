/* The library adapters, one file each. */
#ifndef HB_ADAPTERS_H
#define HB_ADAPTERS_H

#include "../runner.h"

extern const adapter_t adapter_openssl;
extern const adapter_t adapter_libsodium;
extern const adapter_t adapter_argon2;
extern const adapter_t adapter_libxcrypt;

/* NULL-terminated list, in hello order. */
extern const adapter_t *const ADAPTERS[];

const adapter_t *adapter_find(const char *id);
/* "c/openssl, c/libsodium, ..." for error messages. */
const char *adapter_ids(void);

/* Call before anything else touches OpenSSL: installs its allocation counters. */
void openssl_count_allocations(void);
/* Call once before libsodium is used. */
int libsodium_init(void);

#endif
