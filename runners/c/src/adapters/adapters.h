/* The library adapters, one file each. */
#ifndef HB_ADAPTERS_H
#define HB_ADAPTERS_H

#include "../runner.h"

extern const adapter_t adapter_openssl;
extern const adapter_t adapter_libsodium;
extern const adapter_t adapter_argon2;
extern const adapter_t adapter_libxcrypt;

/* Keeps the adapters the compiled catalog lists for this runner (after catalog_load);
 * the others are left out with a line on stderr. */
void adapters_serve(void);
/* The adapters kept, NULL-terminated, in hello order. */
const adapter_t *const *adapters_served(void);

const adapter_t *adapter_find(const char *id);
/* "c/openssl, c/libsodium, ..." for error messages. */
const char *adapter_ids(void);

/* Call before anything else touches OpenSSL: installs its allocation counters. */
void openssl_count_allocations(void);
/* Call once before libsodium is used. */
int libsodium_init(void);

#endif
