#include "CSharedLibrary.h"

#include <dlfcn.h>
#include <stdio.h>

void csharedlibrary_open(struct csharedlibrary *library) {
    void *handle = NULL;
    for (size_t i = 0; i < library->name_count && handle == NULL; i++) {
        handle = dlopen(library->names[i], RTLD_NOW | RTLD_LOCAL);
        // The first name's reason is the one to show: it names the library to install.
        const char *reason = dlerror();
        if (handle == NULL && i == 0) {
            snprintf(library->failure, sizeof library->failure, "%s", reason != NULL ? reason : library->names[0]);
        }
    }
    if (handle == NULL) return;
    for (size_t i = 0; i < library->symbol_count; i++) {
        *library->addresses[i] = dlsym(handle, library->symbols[i]);
        if (*library->addresses[i] == NULL) {
            snprintf(
                library->failure, sizeof library->failure, "%s has no function %s: install a newer version",
                library->library, library->symbols[i]);
            return;
        }
    }
    if (library->then != NULL && !library->then(library->failure, sizeof library->failure)) return;
    library->loaded = 1;
}

int csharedlibrary_load(struct csharedlibrary *library, void (*once)(void), char *reason, size_t reason_size) {
    pthread_once(&library->once, once);
    if (!library->loaded && reason != NULL && reason_size > 0) snprintf(reason, reason_size, "%s", library->failure);
    return library->loaded;
}
