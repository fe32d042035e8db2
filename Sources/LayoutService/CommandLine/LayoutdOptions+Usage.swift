extension LayoutdOptions {
  /// The text `layoutd --help` prints.
  public static let usage = """
    usage: layoutd [options]

    Keyboard-avoidance layout over HTTP: POST /avoid, POST /caret-follow.

    options:
      --host ADDRESS                 address to bind (default 127.0.0.1; env LAYOUTD_HOST)
      --port N                       port, 0 for any free one (default 8080; env LAYOUTD_PORT, PORT)
      --threads N                    worker threads, 0 for one per core (default 0)
      --max-body-bytes N             largest request body; larger gets 413 (default 65536)
      --connection-timeout S         seconds an idle connection stays open (default 10)
      --max-connections N            open connections at once (default 1024)
      --max-connections-per-client N open connections from one address, 0 for no limit (default 256)
      --max-header-bytes N           memory for one request's headers; more gets 431 (default 8192)
      --shutdown-grace S             seconds requests in flight get after SIGTERM (default 10)
      --log-format off|text|json     access log on stderr (default text on a terminal, else json)
      --cors-origin ORIGIN           an origin allowed by CORS, repeatable (default *)
      --metrics on|off               count requests for GET /metrics (default on)
      --version                      print the version and exit
      --help                         print this help and exit
    """
}
