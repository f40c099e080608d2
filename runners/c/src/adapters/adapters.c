#include "adapters.h"

#include <stdio.h>
#include <string.h>

#include "../catalog.h"

#ifdef HB_NATIVE
/* The build for this CPU serves what it compiles from source: the other libraries are
 * Debian's shared ones, the same code in either build. */
static const adapter_t *const ALL[] = {&adapter_argon2, NULL};
#else
static const adapter_t *const ALL[] = {
    &adapter_openssl, &adapter_libsodium, &adapter_argon2, &adapter_libxcrypt, NULL,
};
#endif

static const adapter_t *served[sizeof ALL / sizeof ALL[0]];

void adapters_serve(void) {
    size_t n = 0;
    for (const adapter_t *const *ad = ALL; *ad; ad++) {
        if (catalog_row_find((*ad)->id))
            served[n++] = *ad;
        else
            fprintf(stderr, HB_RUNNER " runner: %s is not in the catalog; left out\n", (*ad)->id);
    }
    served[n] = NULL;
}

const adapter_t *const *adapters_served(void) {
    return served;
}

const adapter_t *adapter_find(const char *id) {
    for (const adapter_t *const *ad = served; *ad; ad++)
        if (strcmp((*ad)->id, id) == 0) return *ad;
    return NULL;
}

const char *adapter_ids(void) {
    static char ids[256];
    if (ids[0]) return ids;
    for (const adapter_t *const *ad = served; *ad; ad++) {
        if (ids[0]) strcat(ids, ", ");
        strcat(ids, (*ad)->id);
    }
    return ids;
}
