#include "CMallocTuning.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cardsize_fix_malloc_thresholds(size_t mmap_threshold, size_t trim_threshold) {
#if defined(__GLIBC__)
    int failures = 0;
    if (getenv("MALLOC_MMAP_THRESHOLD_") == NULL && mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold) != 1) failures++;
    if (getenv("MALLOC_TRIM_THRESHOLD_") == NULL && mallopt(M_TRIM_THRESHOLD, (int)trim_threshold) != 1) failures++;
    return failures;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}
