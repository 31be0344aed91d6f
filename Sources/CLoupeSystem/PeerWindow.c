// The peer's receive window, from the kernel's own struct tcp_info (<linux/tcp.h>): glibc's
// <netinet/tcp.h>, which CLoupeSystem.c uses, stops before tcpi_snd_wnd, and the two headers
// cannot be included together.
#include "CLoupeSystem.h"

#include <limits.h>
#include <stddef.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/tcp.h>

int loupe_socket_peer_window(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    // tcpi_snd_wnd arrived in Linux 5.4; an older kernel's shorter struct does not reach it.
    if (length < offsetof(struct tcp_info, tcpi_snd_wnd) + sizeof info.tcpi_snd_wnd) return -1;
    return info.tcpi_snd_wnd > INT_MAX ? INT_MAX : (int)info.tcpi_snd_wnd;
}
