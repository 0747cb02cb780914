# gestured — the two commands a newcomer needs are `make demo` and `make test`.
# Every target installs what it is missing first (Debian/Ubuntu, apt), so a fresh machine works.

SWIFT       ?= swift
APT_PACKAGES = pkg-config libinput-dev libevdev-dev libudev-dev
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build test demo bench bench-instructions fixtures-update clean help

all: build

help:
	@echo "make demo   - build and play scripted gestures through the engine, printing the events"
	@echo "make test   - build and run every test"
	@echo "make bench  - run the benchmarks (release build, see docs/BENCHMARKS.md)"
	@echo "make deps   - install the system packages gestured needs (only those missing)"
	@echo "make fixtures-update - regenerate the fixtures' expected transcripts (review the diff!)"

# Installs only the packages that are absent; runs `apt-get update` only when needed.
deps:
	@command -v $(SWIFT) >/dev/null || { echo "error: swift not found; install Swift 6.2 or newer from swift.org" >&2; exit 1; }
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

# Until the daemon exists: real recordings replayed through the whole pipeline (decoder,
# configured bindings, engine) by gesturectl, then scripted gestures through the engine.
DEMO_RECORDINGS = Fixtures/real/ts-atmel-maxtouch-1finger-fast-taps.evemu \
	Fixtures/real/ts-atmel-maxtouch-4finger-drag-down.evemu \
	Fixtures/constructed/pinch-open.yml Fixtures/constructed/long-press-drag.yml

demo: deps
	$(SWIFT) build --product gesturectl
	$(SWIFT) build --product gesture-tour
	@bin=$$($(SWIFT) build --show-bin-path); \
	for recording in $(DEMO_RECORDINGS); do \
	  echo "▶ gesturectl replay $$recording"; \
	  $$bin/gesturectl replay --text --config Fixtures/gestures.yml $$recording | grep -v ' active' ; \
	done; \
	echo "▶ gesturectl devices (live, from libinput on seat0)"; $$bin/gesturectl devices; \
	$$bin/gesture-tour

# The benchmark target and its dependency exist only with GESTURED_BENCHMARKS=1, in a build
# folder of their own so they never disturb the test build. Then instruction counts per frame
# (callgrind), which do not depend on how busy the machine is.
bench: deps
	GESTURED_BENCHMARKS=1 $(SWIFT) package --scratch-path .build-bench --disable-sandbox benchmark --no-progress
	@$(MAKE) --no-print-directory bench-instructions

bench-instructions: deps
	@command -v valgrind >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind; }
	$(SWIFT) build -c release --product engine-profile
	Benchmarks/instructions.sh $$($(SWIFT) build -c release --show-bin-path)/engine-profile

# Regenerates every fixture's expected transcript (Fixtures/replays.txt, config
# Fixtures/gestures.yml). A changed transcript is a reviewed change: read `git diff Fixtures/`.
fixtures-update: deps
	$(SWIFT) build --product gesturectl
	@bin=$$($(SWIFT) build --show-bin-path)/gesturectl; \
	grep -v '^#' Fixtures/replays.txt | while read -r recording description; do \
	  [ -n "$$recording" ] || continue; \
	  set -- --json --config Fixtures/gestures.yml; \
	  [ -n "$$description" ] && set -- "$$@" --device-description "Fixtures/$$description"; \
	  "$$bin" replay "$$@" "Fixtures/$$recording" > "Fixtures/$$recording.expected.jsonl" || exit 1; \
	  echo "Fixtures/$$recording.expected.jsonl: $$(wc -l < "Fixtures/$$recording.expected.jsonl") events"; \
	done

clean:
	rm -rf .build .build-bench
