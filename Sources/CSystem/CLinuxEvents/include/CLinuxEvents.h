// The Linux event and socket calls the HTTP gate uses that Swift's Glibc module does
// not bring in: epoll, eventfd and accept4 (a GNU extension).
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/// accept4(2): accepts a connection with flags (SOCK_NONBLOCK, SOCK_CLOEXEC) set atomically.
int nmti_accept4(int descriptor, struct sockaddr_in *address, socklen_t *length, int flags);

/// splice(2) without offsets: moves up to `length` bytes between a descriptor and a
/// pipe inside the kernel (SPLICE_F_MOVE | SPLICE_F_NONBLOCK).
long nmti_splice(int from, int to, unsigned long length);

/// A non-blocking, close-on-exec pipe of at least `capacity` bytes; 0 on success.
int nmti_pipe(int ends[2], int capacity);
