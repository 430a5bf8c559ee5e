#include "CMicroHTTPDShim.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The functions the server calls, found in the library by nmti_mhd_load.
static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    enum MHD_Result (*add_connection)(struct MHD_Daemon *, MHD_socket, const struct sockaddr *, socklen_t);
    void (*stop_daemon)(struct MHD_Daemon *);
    void (*suspend_connection)(struct MHD_Connection *);
    void (*resume_connection)(struct MHD_Connection *);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    struct MHD_Response *(*create_response_from_buffer_with_free_callback_cls)(size_t, void *,
                                                                              MHD_ContentReaderFreeCallback, void *);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
} mhd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_failure[512];

// Debian's runtime package (libmicrohttpd12) installs the first; the -dev package the second.
static const char *const library_names[] = {"libmicrohttpd.so.12", "libmicrohttpd.so"};

static void load_library(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && library == NULL; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        const char *error = library == NULL ? dlerror() : NULL;
        if (i == 0 && error != NULL) snprintf(load_failure, sizeof load_failure, "%s", error);  // the runtime package's name says most
    }
    if (library == NULL) {
        if (load_failure[0] == '\0') snprintf(load_failure, sizeof load_failure, "cannot open libmicrohttpd.so.12");
        return;
    }
#define FIND(field, symbol)                                                                      \
    do {                                                                                         \
        *(void **) (&mhd.field) = dlsym(library, symbol);                                        \
        if (mhd.field == NULL) {                                                                 \
            snprintf(load_failure, sizeof load_failure, "libmicrohttpd has no %s", symbol);      \
            return;                                                                              \
        }                                                                                        \
    } while (0)
    FIND(start_daemon, "MHD_start_daemon");
    FIND(get_connection_info, "MHD_get_connection_info");
    FIND(add_connection, "MHD_add_connection");
    FIND(stop_daemon, "MHD_stop_daemon");
    FIND(suspend_connection, "MHD_suspend_connection");
    FIND(resume_connection, "MHD_resume_connection");
    FIND(get_connection_values, "MHD_get_connection_values");
    FIND(create_response_from_buffer, "MHD_create_response_from_buffer");
    FIND(create_response_from_buffer_with_free_callback_cls, "MHD_create_response_from_buffer_with_free_callback_cls");
    FIND(add_response_header, "MHD_add_response_header");
    FIND(queue_response, "MHD_queue_response");
    FIND(destroy_response, "MHD_destroy_response");
#undef FIND
    loaded = 1;
}

int nmti_mhd_load(char *message, size_t capacity) {
    pthread_once(&load_once, load_library);
    if (!loaded && message != NULL && capacity > 0) snprintf(message, capacity, "%s", load_failure);
    return loaded;
}

// Every wrapper below is only reached through a daemon, which exists only after a
// successful nmti_mhd_load; nmti_mhd_start itself refuses to run without one.

struct MHD_Daemon *nmti_mhd_start(unsigned int flags, uint16_t port, MHD_AccessHandlerCallback handler,
                                  void *handler_context, struct MHD_OptionItem *options) {
    if (!nmti_mhd_load(NULL, 0)) return NULL;
    return mhd.start_daemon(flags, port, NULL, NULL, handler, handler_context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

int nmti_mhd_connection_descriptor(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int) info->connect_fd;
}

int nmti_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t capacity) {
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || info->client_addr->sa_family != AF_INET || capacity < INET_ADDRSTRLEN) return 0;
    const struct sockaddr_in *address = (const struct sockaddr_in *) info->client_addr;
    return inet_ntop(AF_INET, &address->sin_addr, buffer, (socklen_t) capacity) != NULL;
}

int nmti_mhd_add_connection(struct MHD_Daemon *daemon, int descriptor, const struct sockaddr_in *address) {
    return mhd.add_connection(daemon, descriptor, (const struct sockaddr *) address, sizeof *address) == MHD_YES;
}

void nmti_mhd_stop_daemon(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }

void nmti_mhd_suspend_connection(struct MHD_Connection *connection) { mhd.suspend_connection(connection); }

void nmti_mhd_resume_connection(struct MHD_Connection *connection) { mhd.resume_connection(connection); }

int nmti_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                   MHD_KeyValueIterator iterator, void *iterator_context) {
    return mhd.get_connection_values(connection, kind, iterator, iterator_context);
}

struct MHD_Response *nmti_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return mhd.create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *nmti_mhd_create_response_from_buffer_with_free_callback_cls(
    size_t size, void *buffer, MHD_ContentReaderFreeCallback release, void *release_context) {
    return mhd.create_response_from_buffer_with_free_callback_cls(size, buffer, release, release_context);
}

enum MHD_Result nmti_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value) {
    return mhd.add_response_header(response, name, value);
}

enum MHD_Result nmti_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                        struct MHD_Response *response) {
    return mhd.queue_response(connection, status, response);
}

void nmti_mhd_destroy_response(struct MHD_Response *response) { mhd.destroy_response(response); }
