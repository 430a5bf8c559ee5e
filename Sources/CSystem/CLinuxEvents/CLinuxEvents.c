#define _GNU_SOURCE
#include "CLinuxEvents.h"

int nmti_accept4(int descriptor, struct sockaddr_in *address, socklen_t *length, int flags) {
    return accept4(descriptor, (struct sockaddr *) address, length, flags);
}

#include <fcntl.h>
#include <unistd.h>

long nmti_splice(int from, int to, unsigned long length) {
    return (long) splice(from, NULL, to, NULL, length, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
}

int nmti_pipe(int ends[2], int capacity) {
    if (pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    fcntl(ends[1], F_SETPIPE_SZ, capacity);  // best effort: a smaller pipe only moves less per call
    return 0;
}
