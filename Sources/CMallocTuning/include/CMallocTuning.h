// glibc's malloc tuning, which Swift's Glibc module does not export (malloc.h).
#ifndef CMALLOCTUNING_H
#define CMALLOCTUNING_H

#include <stddef.h>

/// Fixes glibc's mmap threshold (blocks of at least `mmap_threshold` bytes are mapped and
/// unmapped on their own) and trim threshold (free memory at an arena's top past
/// `trim_threshold` bytes goes back to the system), unless the environment already sets
/// them (`MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`). Fixed thresholds stop glibc's
/// dynamic adjustment, which raises both after a large mapped block is freed, so that a
/// long-running process keeps every later large buffer in its arenas. Returns 0 when both
/// thresholds are in force as asked or as the environment set them; does nothing and
/// returns 0 on C libraries other than glibc.
int cardsize_fix_malloc_thresholds(size_t mmap_threshold, size_t trim_threshold);

#endif
