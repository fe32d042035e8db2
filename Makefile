# The two commands: `make run` serves on 127.0.0.1:8080, `make test` runs every test.
# Both install what is missing first (scripts/bootstrap).
.PHONY: run test build bench format

run:
	scripts/run

test:
	scripts/test

build:
	scripts/bootstrap
	swift build -c release --product layoutd

# Benchmarks, not tests (no timed assertions): the hot path beside Foundation's coders, HTTP
# with wrk against layoutd, a C fixed-reply server and Node and Go peers (bench/run-http), then
# instructions per request counted by callgrind (bench/run-callgrind), then the tail beside the
# scheduling delays perf traces (bench/run-tail).
bench:
	scripts/bootstrap --test
	swift run -c release LayoutBench
	bench/run-http
	bench/run-callgrind
	bench/run-tail

format:
	swift format -i -r Sources Tests Plugins
