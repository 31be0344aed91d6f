// A shorter scheduler slice for the calling thread (EEVDF, Linux 6.12 and later): sched_attr's
// sched_runtime, for a SCHED_OTHER thread, asks for a time slice of that many nanoseconds
// (0.1 ms to 100 ms). A shorter slice gives a waking thread an earlier virtual deadline, so it
// preempts the thread running on its core at once, rather than waiting out that thread's slice.
// Needs no privilege. Older kernels refuse the field (E2BIG, EINVAL) or ignore it.
#include "CLoupeSystem.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct loupe_sched_attr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
};

int loupe_request_thread_slice(long nanoseconds) {
#ifdef SYS_sched_setattr
    struct loupe_sched_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.size = sizeof attributes;
    if (syscall(SYS_sched_getattr, 0, &attributes, sizeof attributes, 0) != 0) return -1;
    if (attributes.sched_policy != 0) return -1;  // SCHED_OTHER only
    attributes.size = sizeof attributes;
    attributes.sched_runtime = (uint64_t)nanoseconds;
    return (int)syscall(SYS_sched_setattr, 0, &attributes, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
