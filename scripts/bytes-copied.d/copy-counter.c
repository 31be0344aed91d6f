/* Counts the bytes a process copies with memcpy and memmove (LD_PRELOAD), for
   scripts/bytes-copied: the bytes an answer is copied, not timed. Each call is passed on to
   the C library's own function; the totals are written to $COPY_COUNTER_OUT at exit. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*copy_function)(void *, const void *, size_t);

static _Atomic unsigned long long copied_bytes;
static _Atomic unsigned long long copy_calls;
static copy_function real_memcpy;
static copy_function real_memmove;
static _Atomic int resolving;

/* Used only while the real functions are looked up (dlsym may copy): byte by byte, through a
   volatile pointer so the compiler does not turn the loop back into a call to memcpy. */
static void *plain_copy(void *target, const void *source, size_t count) {
    volatile unsigned char *to = target;
    const unsigned char *from = source;
    if (to < from) {
        for (size_t index = 0; index < count; index++) to[index] = from[index];
    } else {
        for (size_t index = count; index > 0; index--) to[index - 1] = from[index - 1];
    }
    return target;
}

static void resolve(void) {
    if (atomic_exchange(&resolving, 1)) return;
    real_memmove = (copy_function)dlsym(RTLD_NEXT, "memmove");
    real_memcpy = (copy_function)dlsym(RTLD_NEXT, "memcpy");
}

/* Bytes and calls by size, in powers of two (a copy of 2^k to 2^(k+1) - 1 bytes in bucket k). */
static _Atomic unsigned long long bucket_bytes[64];
static _Atomic unsigned long long bucket_calls[64];

static void count(size_t bytes) {
    atomic_fetch_add_explicit(&copied_bytes, bytes, memory_order_relaxed);
    atomic_fetch_add_explicit(&copy_calls, 1, memory_order_relaxed);
    int bucket = bytes == 0 ? 0 : 63 - __builtin_clzll((unsigned long long)bytes);
    atomic_fetch_add_explicit(&bucket_bytes[bucket], bytes, memory_order_relaxed);
    atomic_fetch_add_explicit(&bucket_calls[bucket], 1, memory_order_relaxed);
}

void *memcpy(void *target, const void *source, size_t bytes) {
    if (!real_memcpy) resolve();
    count(bytes);
    return real_memcpy ? real_memcpy(target, source, bytes) : plain_copy(target, source, bytes);
}

void *memmove(void *target, const void *source, size_t bytes) {
    if (!real_memmove) resolve();
    count(bytes);
    return real_memmove ? real_memmove(target, source, bytes) : plain_copy(target, source, bytes);
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("COPY_COUNTER_OUT");
    FILE *out = path ? fopen(path, "w") : stderr;
    if (!out) return;
    fprintf(out, "total %llu %llu\n", (unsigned long long)copied_bytes, (unsigned long long)copy_calls);
    for (int bucket = 0; bucket < 64; bucket++) {
        if (bucket_calls[bucket] == 0) continue;
        fprintf(out, "%d %llu %llu\n", bucket, (unsigned long long)bucket_bytes[bucket], (unsigned long long)bucket_calls[bucket]);
    }
    if (path) fclose(out);
}
