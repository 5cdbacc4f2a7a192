// malloc-count: an LD_PRELOAD library that counts a process's heap allocations and the bytes
// they asked for, and writes the totals at exit to the file named by MALLOC_COUNT_FILE.
// See README.md for what is counted. glibc only: the real allocator is reached through
// glibc's __libc_* entry points, so no dlsym bootstrap (which itself allocates) is needed.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// One slot per thread, each on its own cache line, so counting costs two plain adds and no
// shared atomic on the hot path: a shared counter would bounce between the cores and slow
// the very runs being measured. Threads past the last slot share it with atomic adds.
#define SLOTS 512
struct slot {
    uint64_t count;
    uint64_t bytes;
    char padding[64 - 2 * sizeof(uint64_t)];
};
static struct slot slots[SLOTS];
static unsigned next_slot;
// initial-exec: a preloaded library's TLS is static, and reaching it must not allocate.
static __thread int my_slot __attribute__((tls_model("initial-exec"))) = -1;

static void count(size_t size) {
    if (my_slot < 0) {
        unsigned claimed = __atomic_fetch_add(&next_slot, 1, __ATOMIC_RELAXED);
        my_slot = claimed < SLOTS - 1 ? (int)claimed : SLOTS - 1;
    }
    struct slot *slot = &slots[my_slot];
    if (my_slot == SLOTS - 1) {
        __atomic_fetch_add(&slot->count, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&slot->bytes, size, __ATOMIC_RELAXED);
    } else {
        // Only this thread writes its slot; relaxed stores keep the exit-time read race-free.
        __atomic_store_n(&slot->count, slot->count + 1, __ATOMIC_RELAXED);
        __atomic_store_n(&slot->bytes, slot->bytes + size, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL || size > 0) count(size);  // realloc(p, 0) frees
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

void *valloc(size_t size) { return memalign((size_t)sysconf(_SC_PAGESIZE), size); }

void *pvalloc(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return memalign(page, (size + page - 1) / page * page);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = memalign(alignment, size);
    if (pointer == NULL && size > 0) return ENOMEM;
    *result = pointer;
    return 0;
}

// Runs at exit(), after main returns; threads still running are read as they are then.
__attribute__((destructor)) static void report(void) {
    const char *path = getenv("MALLOC_COUNT_FILE");
    if (path == NULL || *path == '\0') return;
    uint64_t total_count = 0, total_bytes = 0;
    for (int index = 0; index < SLOTS; index++) {
        total_count += __atomic_load_n(&slots[index].count, __ATOMIC_RELAXED);
        total_bytes += __atomic_load_n(&slots[index].bytes, __ATOMIC_RELAXED);
    }
    char text[128];
    int length = snprintf(text, sizeof text, "allocations %llu\nbytes %llu\n",
                          (unsigned long long)total_count, (unsigned long long)total_bytes);
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (file < 0) return;
    ssize_t written = write(file, text, (size_t)length);
    (void)written;
    close(file);
}
