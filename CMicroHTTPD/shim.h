// CMicroHTTPD: the parts of libmicrohttpd that Swift can call as they are, plus
// fixed-arity shims for the C variadic functions that Swift cannot call.
//
// Every shim is prefixed `CMicroHTTPD_` and says why it exists. Keep this file
// free of logic: each shim forwards to exactly one libmicrohttpd call.

#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Why: `MHD_start_daemon` is variadic. Options are passed as an
/// `MHD_OPTION_ARRAY` (terminated by `MHD_OPTION_END`), so one fixed-arity
/// wrapper serves every combination of options.
static inline struct MHD_Daemon *CMicroHTTPD_start_daemon(
    unsigned int flags,
    MHD_AccessHandlerCallback handler,
    void *handler_context,
    const struct MHD_OptionItem *options)
{
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                          MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// Why: as above, with an accept-policy callback, which `MHD_start_daemon`
/// takes as a positional argument rather than as an option.
static inline struct MHD_Daemon *CMicroHTTPD_start_daemon_with_policy(
    unsigned int flags,
    MHD_AcceptPolicyCallback policy,
    void *policy_context,
    MHD_AccessHandlerCallback handler,
    void *handler_context,
    const struct MHD_OptionItem *options)
{
  return MHD_start_daemon(flags, 0, policy, policy_context, handler,
                          handler_context, MHD_OPTION_ARRAY, options,
                          MHD_OPTION_END);
}

/// Why: an `MHD_OptionItem` for an option that takes a function pointer and a
/// closure wants the function cast to `intptr_t`, which Swift cannot do to a
/// C function pointer directly.
static inline struct MHD_OptionItem CMicroHTTPD_option_notify_completed(
    MHD_RequestCompletedCallback callback, void *context)
{
  struct MHD_OptionItem item = {
      MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)callback, context};
  return item;
}

/// Why: as above, for `MHD_OPTION_NOTIFY_CONNECTION`.
static inline struct MHD_OptionItem CMicroHTTPD_option_notify_connection(
    MHD_NotifyConnectionCallback callback, void *context)
{
  struct MHD_OptionItem item = {
      MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)callback, context};
  return item;
}

/// Why: as above, for `MHD_OPTION_URI_LOG_CALLBACK`.
static inline struct MHD_OptionItem CMicroHTTPD_option_uri_log(
    void *(*callback)(void *context, const char *uri,
                      struct MHD_Connection *connection),
    void *context)
{
  struct MHD_OptionItem item = {
      MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)callback, context};
  return item;
}

/// Why: `MHD_get_daemon_info` is variadic. Returns the port the daemon is
/// bound to (useful after binding port 0), or 0 when unknown.
static inline uint16_t CMicroHTTPD_bound_port(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// Why: `MHD_get_daemon_info` is variadic. Returns the number of open
/// connections, or 0 when unknown.
static inline unsigned int CMicroHTTPD_current_connections(
    struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
  return info == NULL ? 0 : info->num_connections;
}

/// Why: `MHD_get_connection_info` is variadic. Returns the client's address,
/// or NULL when unknown.
static inline const struct sockaddr *CMicroHTTPD_client_address(
    struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// Why: `MHD_get_connection_info` is variadic. Returns the connection's socket,
/// or -1 when unknown.
static inline int CMicroHTTPD_connection_fd(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// Why: `MHD_set_connection_option` is variadic. Sets this connection's idle
/// timeout in seconds (0: none).
static inline enum MHD_Result CMicroHTTPD_set_connection_timeout(
    struct MHD_Connection *connection, unsigned int seconds)
{
  return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT,
                                   seconds);
}

#endif
