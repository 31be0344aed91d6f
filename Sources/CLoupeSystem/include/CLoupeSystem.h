#ifndef CLOUPE_SYSTEM_H
#define CLOUPE_SYSTEM_H

// The Linux calls Swift's Glibc module does not expose (epoll, eventfd, accept4,
// getrandom, sysconf). Each is a plain forwarding function with no policy in it, so
// the event loop stays in Swift and this file stays boring.

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

/// One readiness report: the descriptor and its EPOLL* flags, unpacked from the kernel's
/// packed struct epoll_event so Swift never depends on its layout.
typedef struct {
    int32_t fd;
    uint32_t events;
} loupe_ready_event;

extern const uint32_t LOUPE_EPOLLIN;
extern const uint32_t LOUPE_EPOLLOUT;
extern const uint32_t LOUPE_EPOLLRDHUP;
extern const uint32_t LOUPE_EPOLLHUP;
extern const uint32_t LOUPE_EPOLLERR;
extern const uint32_t LOUPE_EPOLLEXCLUSIVE;
extern const uint32_t LOUPE_EPOLLET;

int loupe_epoll_create(void);
int loupe_epoll_add(int epfd, int fd, uint32_t events);
int loupe_epoll_modify(int epfd, int fd, uint32_t events);
int loupe_epoll_remove(int epfd, int fd);
/// Waits for readiness; fills at most `capacity` reports and returns their count (or -1).
int loupe_epoll_wait(int epfd, loupe_ready_event *ready, int capacity, int timeout_ms);

int loupe_eventfd(void);
int loupe_accept(int listener, struct sockaddr_storage *address, socklen_t *length);
/// Attaches a socket filter that drops every packet to a listening socket: no handshake
/// completes from then on (new SYNs go unanswered and are retried by the client), while the
/// connections already in the accept queue stay there to be accepted.
int loupe_refuse_new_connections(int listener);
/// Names the calling thread (at most 15 bytes are kept), as `top -H` and crash reports show it.
int loupe_name_thread(const char *name);
/// Bytes the kernel still holds for a TCP socket's output: written by the process and not yet
/// acknowledged by the peer (SIOCOUTQ); 0 once the socket is closed (a reset drops the queue
/// and leaves SIOCOUTQ's count behind); -1 on error.
int loupe_socket_queued_bytes(int fd);
/// The receive window a TCP socket's peer last advertised (TCP_INFO tcpi_snd_wnd), in bytes;
/// -1 when the kernel cannot say. A peer that stops reading closes it: the shrinking is what
/// the peer holds of ours unread, kernel memory too when the peer is on this host.
int loupe_socket_peer_window(int fd);
ssize_t loupe_getrandom(void *buffer, size_t length);
long loupe_core_count(void);
/// Raises the calling thread's nice value by `increment` (Linux schedules threads, not
/// processes): compute workers yield to the event loops that answer probes.
int loupe_lower_thread_priority(int increment);
/// Asks the scheduler for a `nanoseconds` time slice for the calling thread (EEVDF's custom
/// slice, Linux 6.12+; 0 on success, -1 where the kernel does not offer it): an event loop that
/// wakes for a probe then preempts whatever runs on its core at once (issue 42 §4).
int loupe_request_thread_slice(long nanoseconds);
/// Returns freed heap memory to the kernel (glibc's malloc_trim over every arena).
int loupe_return_free_memory(void);

#endif
