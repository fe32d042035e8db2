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

format:
	swift format -i -r Sources Tests
