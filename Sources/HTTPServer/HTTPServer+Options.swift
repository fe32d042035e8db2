internal import CMicroHTTPD

extension HTTPServer {
  /// The daemon flags for `configuration`.
  static func flags(_ configuration: Configuration, ipv6: Bool) -> UInt32 {
    var flags = MHD_USE_ITC.rawValue
    switch configuration.threading {
    case .eventLoopPool:
      // poll(2), not epoll: libmicrohttpd 0.9.75 can abort the process when
      // MHD_quiesce_daemon (drain) races a worker's own removal of the listen socket from its
      // epoll set (an unguarded MHD_PANIC on ENOENT). With poll, quiescing only signals the
      // workers. Measured side by side, poll served as many requests at the same CPU cost, with
      // 32 and with 1,000 keep-alive connections.
      flags |= MHD_USE_POLL_INTERNAL_THREAD.rawValue
      if configuration.turbo { flags |= MHD_USE_TURBO.rawValue }
    case .threadPerConnection:
      flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
    }
    if ipv6 { flags |= MHD_USE_IPv6.rawValue }
    if configuration.errorLog { flags |= MHD_USE_ERROR_LOG.rawValue }
    return flags
  }

  /// The daemon options for `configuration`, without the listen address and the end marker.
  static func options(_ configuration: Configuration, context: UnsafeMutableRawPointer) -> [MHD_OptionItem] {
    func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
      MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }
    var options = [
      item(.CONNECTION_TIMEOUT, max(0, configuration.connectionTimeout)),
      // The limit is enforced by `admitConnection`, which closes extra connects at once;
      // libmicrohttpd's own limit (split evenly over the worker threads) is set above it so
      // that no worker ever stops accepting and leaves connects waiting in the backlog.
      item(.CONNECTION_LIMIT, (max(1, configuration.maxConnections) + 1) * max(1, configuration.threads)),
      item(.PER_IP_CONNECTION_LIMIT, max(0, configuration.perClientConnectionLimit)),
      item(.CONNECTION_MEMORY_LIMIT, max(1024, configuration.maxHeaderBytes)),
      item(.LISTEN_BACKLOG_SIZE, max(1, configuration.listenBacklog)),
      CMicroHTTPD_option_notify_completed(endRequest, context),
      CMicroHTTPD_option_notify_connection(noteConnection, context),
    ]
    if configuration.threading == .eventLoopPool, configuration.threads > 1 {
      options.append(item(.THREAD_POOL_SIZE, configuration.threads))
    }
    return options
  }
}
