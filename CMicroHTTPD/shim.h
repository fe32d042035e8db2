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
/// wrapper serves every combination of options; the accept-policy callback is
/// a positional argument there, not an option.
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

/// The type of `MHD_OPTION_UNESCAPE_CALLBACK`'s function, which microhttpd.h does not name.
typedef size_t (*CMicroHTTPD_UnescapeCallback)(void *cls,
                                               struct MHD_Connection *connection,
                                               char *text);

/// Why: as above, for `MHD_OPTION_UNESCAPE_CALLBACK`.
static inline struct MHD_OptionItem CMicroHTTPD_option_unescape(
    CMicroHTTPD_UnescapeCallback callback, void *context)
{
  struct MHD_OptionItem item = {
      MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)callback, context};
  return item;
}

/// The type of `MHD_OPTION_URI_LOG_CALLBACK`'s function, which microhttpd.h does not name.
typedef void *(*CMicroHTTPD_URILogCallback)(void *cls, const char *uri,
                                            struct MHD_Connection *connection);

/// Why: as above, for `MHD_OPTION_URI_LOG_CALLBACK`.
static inline struct MHD_OptionItem CMicroHTTPD_option_uri_log(
    CMicroHTTPD_URILogCallback callback, void *context)
{
  struct MHD_OptionItem item = {
      MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)callback, context};
  return item;
}

/// Why: `MHD_get_connection_info` is variadic. The bytes of the request's line and header
/// block, the empty line included, or 0 before they are parsed.
static inline size_t CMicroHTTPD_request_header_size(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(
      connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
  return info == NULL ? 0 : info->header_size;
}

/// Why: `MHD_get_connection_info` is variadic. The connection's socket context:
/// what the connection notification stored for it, or NULL.
static inline void *CMicroHTTPD_socket_context(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(
      connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

/// Why: `MHD_get_connection_info` is variadic. The connection's socket descriptor, or -1.
static inline int CMicroHTTPD_connection_fd(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(
      connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

#endif
