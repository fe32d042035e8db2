import Posix

extension AccessKeys {
  /// How often the file is looked at for a change, in seconds.
  package static let watchSeconds = 2.0

  /// Starts the thread that reads the keys again on SIGHUP, and when the file changes (a new
  /// inode, size or modification time, as Kubernetes' swap of a mounted Secret makes): looked at
  /// every `watchSeconds`. Each reading says on `log` what it read, or why it failed and that the
  /// keys in force stay; no key is ever written.
  ///
  /// SIGHUP must be blocked in every thread before any starts (`SignalSet.reload.block()`), so that
  /// this thread's wait receives it.
  package func startReloading(log: LogWriter) {
    PosixThread { [self] in
      var identity = try? FileIdentity(of: path)
      while true {
        let signal = SignalSet.reload.wait(seconds: Self.watchSeconds)
        let now = try? FileIdentity(of: path)
        guard signal != nil || now != identity else { continue }
        identity = now
        let cause = signal.map(SignalSet.name) ?? "\(path) changed"
        do {
          try reload()
          log.message("layoutd: \(cause): \(describedKeys())")
        } catch {
          log.message("layoutd: \(cause): \(error); the keys in force stay")
        }
      }
    }.detach()
  }

  /// `N access keys in force from PATH: name, name …`: the names only.
  package func describedKeys() -> String {
    let names = names
    return "\(names.count) access key\(names.count == 1 ? "" : "s") in force from \(path): "
      + names.joined(separator: ", ")
  }
}
