// The Linux event and socket calls the HTTP gate uses that Swift's Glibc module does
// not bring in: epoll, eventfd and accept4 (a GNU extension).
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/// accept4(2): accepts a connection with flags (SOCK_NONBLOCK, SOCK_CLOEXEC) set atomically.
int nmti_accept4(int descriptor, struct sockaddr_in *address, socklen_t *length, int flags);
