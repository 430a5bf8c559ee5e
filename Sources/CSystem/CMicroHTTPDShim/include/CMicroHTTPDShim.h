// The only door to libmicrohttpd. The library is opened with dlopen when a server
// starts (nmti_mhd_load), not linked: linking it would load it, GnuTLS and seven
// more libraries into every process that renders a poster, costing each start-up
// about 3 ms, and give every PosterKit user an HTTP server they never call.
// The wrappers also make libmicrohttpd's variadic calls, which Swift cannot make.
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// Opens libmicrohttpd and finds every function below (once per process; later calls
/// return the first answer). Returns 1 on success; on failure 0, with the reason
/// (dlopen's or dlsym's message) in `message`, at most `capacity` bytes with the NUL.
int nmti_mhd_load(char *message, size_t capacity);

/// MHD_start_daemon with its options given as one MHD_OPTION_ARRAY (ended by MHD_OPTION_END).
struct MHD_Daemon *nmti_mhd_start(unsigned int flags, uint16_t port, MHD_AccessHandlerCallback handler,
                                  void *handler_context, struct MHD_OptionItem *options);

/// The connection's socket descriptor, or -1.
int nmti_mhd_connection_descriptor(struct MHD_Connection *connection);

/// The client's IPv4 address as the gate gave it to MHD_add_connection, written as
/// text (`203.0.113.7`) into `buffer`; returns 1, or 0 when it is not known.
int nmti_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t capacity);

/// MHD_add_connection: hands the daemon a connected socket (its client's address for
/// the per-address limit). Returns 1 on success; on failure the socket is closed.
int nmti_mhd_add_connection(struct MHD_Daemon *daemon, int descriptor, const struct sockaddr_in *address);

/// MHD_stop_daemon.
void nmti_mhd_stop_daemon(struct MHD_Daemon *daemon);

/// MHD_suspend_connection.
void nmti_mhd_suspend_connection(struct MHD_Connection *connection);

/// MHD_resume_connection.
void nmti_mhd_resume_connection(struct MHD_Connection *connection);

/// MHD_get_connection_values.
int nmti_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                   MHD_KeyValueIterator iterator, void *iterator_context);

/// MHD_create_response_from_buffer.
struct MHD_Response *nmti_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);

/// MHD_create_response_from_buffer_with_free_callback_cls.
struct MHD_Response *nmti_mhd_create_response_from_buffer_with_free_callback_cls(
    size_t size, void *buffer, MHD_ContentReaderFreeCallback release, void *release_context);

/// MHD_add_response_header.
enum MHD_Result nmti_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value);

/// MHD_queue_response.
enum MHD_Result nmti_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                        struct MHD_Response *response);

/// MHD_destroy_response.
void nmti_mhd_destroy_response(struct MHD_Response *response);
