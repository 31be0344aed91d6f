#define _GNU_SOURCE
#include "CLoupeSystem.h"

#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/random.h>
#include <sched.h>
#include <unistd.h>
#include <errno.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/filter.h>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>

const uint32_t LOUPE_EPOLLIN = EPOLLIN;
const uint32_t LOUPE_EPOLLOUT = EPOLLOUT;
const uint32_t LOUPE_EPOLLRDHUP = EPOLLRDHUP;
const uint32_t LOUPE_EPOLLHUP = EPOLLHUP;
const uint32_t LOUPE_EPOLLERR = EPOLLERR;
const uint32_t LOUPE_EPOLLEXCLUSIVE = EPOLLEXCLUSIVE;
const uint32_t LOUPE_EPOLLET = EPOLLET;

int loupe_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

static int control(int epfd, int operation, int fd, uint32_t events) {
    struct epoll_event event = {0};
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epfd, operation, fd, &event);
}

int loupe_epoll_add(int epfd, int fd, uint32_t events) {
    return control(epfd, EPOLL_CTL_ADD, fd, events);
}

int loupe_epoll_modify(int epfd, int fd, uint32_t events) {
    return control(epfd, EPOLL_CTL_MOD, fd, events);
}

int loupe_epoll_remove(int epfd, int fd) {
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
}

int loupe_epoll_wait(int epfd, loupe_ready_event *ready, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epfd, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        ready[index].fd = events[index].data.fd;
        ready[index].events = events[index].events;
    }
    return count;
}

int loupe_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

int loupe_accept(int listener, struct sockaddr_storage *address, socklen_t *length) {
    return accept4(listener, (struct sockaddr *)address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int loupe_refuse_new_connections(int listener) {
    // One classic BPF instruction, "return 0": keep no byte of any packet.
    struct sock_filter drop_all = BPF_STMT(BPF_RET | BPF_K, 0);
    struct sock_fprog program = {.len = 1, .filter = &drop_all};
    return setsockopt(listener, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program);
}

int loupe_name_thread(const char *name) {
    char truncated[16];
    snprintf(truncated, sizeof truncated, "%s", name);
    return pthread_setname_np(pthread_self(), truncated);
}

int loupe_socket_queued_bytes(int fd) {
    // TCP's SIOCOUTQ is write_seq - snd_una: bytes written and not yet acknowledged.
    int queued = 0;
    if (ioctl(fd, SIOCOUTQ, &queued) != 0) return -1;
    if (queued > 0) {
        // A socket the peer has reset (TCP_CLOSE) holds nothing, but its count stays where
        // the reset left it: nothing will ever be acknowledged.
        struct tcp_info info;
        socklen_t length = sizeof info;
        if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) == 0 && length >= 1 && info.tcpi_state == TCP_CLOSE) return 0;
    }
    return queued;
}

ssize_t loupe_getrandom(void *buffer, size_t length) {
    return getrandom(buffer, length, 0);
}

long loupe_core_count(void) {
    // The CPUs this process may run on (taskset, cpusets), not every CPU the machine has.
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return count;
    }
    return sysconf(_SC_NPROCESSORS_ONLN);
}

int loupe_lower_thread_priority(int increment) {
    pid_t thread = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, (id_t)thread);
    if (current == -1 && errno != 0) return -1;
    return setpriority(PRIO_PROCESS, (id_t)thread, current + increment);
}

int loupe_return_free_memory(void) {
    return malloc_trim(0);
}
