#include "adapters.h"

#include <string.h>

const adapter_t *const ADAPTERS[] = {
    &adapter_openssl, &adapter_libsodium, &adapter_argon2, &adapter_libxcrypt, NULL,
};

const adapter_t *adapter_find(const char *id) {
    for (const adapter_t *const *ad = ADAPTERS; *ad; ad++)
        if (strcmp((*ad)->id, id) == 0) return *ad;
    return NULL;
}

const char *adapter_ids(void) {
    static char ids[256];
    if (ids[0]) return ids;
    for (const adapter_t *const *ad = ADAPTERS; *ad; ad++) {
        if (ids[0]) strcat(ids, ", ");
        strcat(ids, (*ad)->id);
    }
    return ids;
}
