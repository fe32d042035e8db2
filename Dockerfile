# layoutd container image.
#   build:   Swift 6.3 on Debian 12, a release binary with the Swift runtime linked in statically
#   runtime: debian:bookworm-slim with only libmicrohttpd added, run as a non-root user
# scripts/container-smoke builds and runs this file with podman.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    libmicrohttpd-dev=0.9.75-6 pkg-config=1.8.1-1 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --static-swift-stdlib --product layoutd \
  && install -D -m 0755 "$(swift build -c release --static-swift-stdlib --show-bin-path)/layoutd" \
    /out/usr/local/bin/layoutd

FROM debian:bookworm-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12=0.9.75-6 \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --gid 10001 layoutd \
  && useradd --uid 10001 --gid layoutd --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin layoutd
COPY --from=build /out/ /
USER 10001:10001
EXPOSE 8080
# No curl in the image: bash asks /healthz over /dev/tcp and wants a 200.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
# layoutd runs as PID 1: on SIGTERM /readyz answers 503 for --drain-delay (5 s) while every route
# still serves, then the listener closes, requests in flight finish and layoutd exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/layoutd"]
CMD ["--host", "0.0.0.0", "--port", "8080"]
