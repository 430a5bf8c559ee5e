// Non-variadic doors to libmicrohttpd's variadic calls, which Swift cannot make.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon with its options given as one MHD_OPTION_ARRAY (ended by MHD_OPTION_END).
struct MHD_Daemon *nmti_mhd_start(unsigned int flags, uint16_t port, MHD_AccessHandlerCallback handler,
                                  void *handler_context, struct MHD_OptionItem *options);

/// The connection's socket descriptor, or -1.
int nmti_mhd_connection_descriptor(struct MHD_Connection *connection);

/// The port the daemon is bound to, or 0.
uint16_t nmti_mhd_bound_port(struct MHD_Daemon *daemon);
