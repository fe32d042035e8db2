# A debug layoutd on 127.0.0.1 for the checks that talk to one. Source it from the repository's
# root (scripts/checks/* cd there first):
#
#   . scripts/lib/layoutd.sh
#   layoutd_start [FLAG...]    builds the debug layoutd (once), starts it with --host 127.0.0.1
#                              --port 0 and FLAGs (the caller's environment too, so
#                              LAYOUTD_DECODER=foundation layoutd_start works), waits for its
#                              start-up line, and exports LAYOUTD_URL (http://127.0.0.1:PORT);
#                              sets layoutd_port, layoutd_pid and layoutd_log (its standard error)
#   layoutd_alive              fails, with its log, when the layoutd started has exited
#   layoutd_stop               stops it (SIGTERM, then waits for it); layoutd_start runs it first
#   on_exit COMMAND            runs COMMAND (through eval) when the script exits
#
# When the script exits, the layoutd still running is stopped, then each on_exit command runs,
# the last registered first. This file owns the EXIT trap: register cleanups with on_exit.
#   LAYOUTD_START_SECONDS=N    how long the start-up line may take (default 60)

layoutd_port=""
layoutd_pid=""
layoutd_log=""
_layoutd_binary=""
_layoutd_scratch=""
_layoutd_exit_commands=()

on_exit() {
  _layoutd_exit_commands+=("$1")
}

_layoutd_on_exit() {
  layoutd_stop
  [ -z "$_layoutd_scratch" ] || rm -rf "$_layoutd_scratch"
  local index
  for ((index = ${#_layoutd_exit_commands[@]} - 1; index >= 0; index--)); do
    eval "${_layoutd_exit_commands[index]}" || true
  done
}
trap _layoutd_on_exit EXIT

_layoutd_name="$(basename "$0")"

layoutd_start() {
  layoutd_stop
  if [ -z "$_layoutd_binary" ]; then
    swift build --product layoutd
    _layoutd_binary="$(swift build --show-bin-path)/layoutd"
    _layoutd_scratch="$(mktemp -d)"
  fi
  layoutd_log="$(mktemp -p "$_layoutd_scratch" layoutd.XXXXXX.log)"
  "$_layoutd_binary" --host 127.0.0.1 --port 0 "$@" 2>"$layoutd_log" &
  layoutd_pid=$!
  layoutd_port=""
  # Bounded by the clock, not by a count of sleeps: a busy machine may take longer to start it.
  local deadline=$((SECONDS + ${LAYOUTD_START_SECONDS:-60}))
  while true; do
    layoutd_port="$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\).*|\1|p;T;q' "$layoutd_log")"
    [ -n "$layoutd_port" ] && break
    if ! kill -0 "$layoutd_pid" 2>/dev/null; then
      echo "$_layoutd_name: layoutd exited before it listened:" >&2
      cat "$layoutd_log" >&2
      layoutd_pid=""
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "$_layoutd_name: layoutd did not say where it listens within ${LAYOUTD_START_SECONDS:-60} s:" >&2
      cat "$layoutd_log" >&2
      exit 1
    fi
    sleep 0.1
  done
  export LAYOUTD_URL="http://127.0.0.1:$layoutd_port"
}

layoutd_alive() {
  if [ -z "$layoutd_pid" ] || ! kill -0 "$layoutd_pid" 2>/dev/null; then
    echo "$_layoutd_name: layoutd is no longer running:" >&2
    [ -z "$layoutd_log" ] || cat "$layoutd_log" >&2
    exit 1
  fi
}

layoutd_stop() {
  [ -n "$layoutd_pid" ] || return 0
  kill "$layoutd_pid" 2>/dev/null || true
  wait "$layoutd_pid" 2>/dev/null || true
  layoutd_pid=""
}
