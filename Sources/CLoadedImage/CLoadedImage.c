// dladdr is declared by glibc only with _GNU_SOURCE, which Swift's Glibc module does not set.
#define _GNU_SOURCE
#include "CLoadedImage.h"

#include <dlfcn.h>

const char *cardsize_loaded_image_path(void) {
    Dl_info info;
    if (dladdr((const void *)&cardsize_loaded_image_path, &info) == 0) return 0;
    return info.dli_fname;
}
