#define _GNU_SOURCE
#include "CLinuxEvents.h"

int nmti_accept4(int descriptor, struct sockaddr_in *address, socklen_t *length, int flags) {
    return accept4(descriptor, (struct sockaddr *) address, length, flags);
}
