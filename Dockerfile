# layoutd container image.
#   build:   Swift 6.3 on Debian 12, a stripped release binary with the Swift runtime linked in
#            statically, and beside it in /out the whole runtime file system
#   runtime: FROM scratch: that binary, exactly the shared objects `ldd` lists for it, and a
#            passwd/group entry for user 10001; no shell, no package manager, nothing else
# scripts/container-smoke builds and runs this file with podman.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    libmicrohttpd-dev=0.9.75-6 pkg-config=1.8.1-1 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Each library goes where ldd found it (the path the loader searches; the interpreter at the path
# the binary names), as the file its symlinks resolve to.
RUN swift build -c release --static-swift-stdlib --product layoutd \
  && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/layoutd" \
    /out/usr/local/bin/layoutd \
  && strip /out/usr/local/bin/layoutd \
  && ldd /out/usr/local/bin/layoutd | tee /tmp/ldd \
  && ! grep -q "not found" /tmp/ldd \
  && awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' /tmp/ldd >/tmp/libraries \
  && while read -r library; do install -D -m 0755 "$(readlink -f "$library")" "/out$library"; done </tmp/libraries \
  && mkdir -p /out/etc \
  && echo "layoutd:x:10001:10001:layoutd:/nonexistent:/sbin/nologin" >/out/etc/passwd \
  && echo "layoutd:x:10001:" >/out/etc/group

FROM scratch
COPY --from=build /out/ /
USER 10001:10001
# The server and its health check read the same address from here: to move the port, set PORT
# or LAYOUTD_PORT (flags after the image name reach the server only, not the health check).
ENV LAYOUTD_HOST=0.0.0.0 PORT=8080
EXPOSE 8080
# layoutd asks its own GET /healthz (0.0.0.0 on 127.0.0.1) and exits 0 on a 200 within 2 s.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/usr/local/bin/layoutd", "--health-check"]
# layoutd runs as PID 1: on SIGTERM /readyz answers 503 for --drain-delay (5 s) while every route
# still serves, then the listener closes, requests in flight finish and layoutd exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/layoutd"]
