# gestured — the two commands a newcomer needs are `make demo` and `make test`.
# Every target installs what it is missing first (Debian/Ubuntu, apt), so a fresh machine works.

SWIFT       ?= swift
APT_PACKAGES = pkg-config libinput-dev libevdev-dev libudev-dev libyaml-dev libexpat1-dev libsystemd-dev libxkbcommon-dev xkb-data libxcb1-dev libxcb-shape0-dev libwayland-dev libcairo2-dev libpango1.0-dev
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build test test-python demo install deb deb-arm64 arm64 debian13 static e2e e2e-arm64 e2e-desktops fuzz soak bench bench-instructions bench-path bench-strokes bench-daemon bench-footprint bench-overlay order-file fixtures-update import-parity diagrams clean help

all: build

help:
	@echo "make demo   - build, run the daemon on recordings and show a client receiving the gestures"
	@echo "make test   - build and run every test"
	@echo "make deb    - build gestured_VERSION_ARCH.deb and gestured-overlay_VERSION_ARCH.deb (packaging/README.md); install with apt install ./gestured_*.deb"
	@echo "make fuzz   - run the libFuzzer harnesses for FUZZ_SECONDS each (default 60; docs/RELIABILITY.md)"
	@echo "make soak   - churn, stuck readers, signals, hostile definitions, the fd limit, amplifying subscriptions and a 2-minute soak (docs/RELIABILITY.md)"
	@echo "make e2e    - end-to-end tests on a real kernel input stack in a QEMU guest (e2e/README.md)"
	@echo "make debian13 - make test in a Debian 13 root with Debian's own Swift 6.0.3"
	@echo "make arm64  - arm64 binaries cross-compiled with Debian 13's Swift, fixtures replayed under qemu-aarch64"
	@echo "make deb-arm64 - the arm64 Debian packages (gestured and gestured-overlay)"
	@echo "make e2e-arm64 - that package under systemd in a Debian 13 arm64 guest (emulated)"
	@echo "make e2e-desktops - GNOME 48 and Plasma 6.3 on Wayland in guests with a virtual GPU, a user logged in by gdm or sddm, gestured driven there (e2e/README.md)"
	@echo "make import-parity CONFIGS=DIR - each file run by its own tool and by gestured with its import; effects compared"
	@echo "make bench  - run the benchmarks (release build, see docs/BENCHMARKS.md)"
	@echo "make install - install gestured, gesturectl, gestured-actions, gestured-overlay and the systemd units (systemd/README.md)"
	@echo "make deps   - install the system packages gestured needs (only those missing)"
	@echo "make fixtures-update - regenerate the fixtures' expected transcripts (review the diff!)"

# Installs only the packages that are absent; runs `apt-get update` only when needed.
deps:
	@command -v $(SWIFT) >/dev/null || { echo "error: swift not found; install Swift 6.0 or newer (Debian 13: apt install swiftlang; or swift.org)" >&2; exit 1; }
	@scripts/apt-install-missing.sh $(APT_PACKAGES)

build: deps
	$(SWIFT) build

# Real desktops for the tests of `when:` and `window:` (docs/ACTIONS.md): sway headless with
# foot, and Xvfb with openbox and xterm. A real headless browser for `gesturectl view`'s page:
# Debian's chromium and chromium-driver, with selenium and Pillow in a virtual environment
# (scripts/browser-venv.sh). zsh and fish load the completion scripts gestured and
# gestured-actions write (CompletionScriptTests).
TEST_PACKAGES = sway foot grim fonts-dejavu-core gjs xvfb openbox xterm xcompmgr dbus-daemon chromium chromium-driver python3-venv zsh fish
test: deps
	@scripts/apt-install-missing.sh $(TEST_PACKAGES)
	@scripts/browser-venv.sh > /dev/null
	$(SWIFT) build --build-tests
	@mkdir -p .build && rm -f .build/protocol-lines.jsonl
	GESTURED_PROTOCOL_LINES=$(CURDIR)/.build/protocol-lines.jsonl $(SWIFT) test --skip-build --disable-xctest
	$(MAKE) --no-print-directory test-python
	python3 scripts/module-table.py
	python3 scripts/map-names.py
	python3 scripts/package-6.0.py

# The Python client (clients/python): installed into the tests' virtual environment the way a
# user installs it (pip, no index: it builds without the network), then its tests, which also
# validate every line the daemon sent the Swift tests against docs/protocol.schema.json; and its
# types, strictly (mypy).
test-python:
	@py=$$(scripts/browser-venv.sh) && \
	$$py -m pip install --quiet --disable-pip-version-check --no-index --force-reinstall ./clients/python && \
	GESTURED=$(CURDIR)/.build/debug/gestured GESTURECTL=$(CURDIR)/.build/debug/gesturectl \
	GESTURED_PROTOCOL_LINES=$(CURDIR)/.build/protocol-lines.jsonl \
	$$py -m pytest -q -p no:cacheprovider clients/python/tests e2e/parity/test_compare.py scripts/test_module_table.py scripts/test_map_names.py e2e/test_screendump.py e2e/test_desktop_judge.py && \
	$$py -m mypy --strict --python-version 3.10 --cache-dir .build/mypy clients/python/gestured_client

# The daemon on bundled recordings (real Atmel and Dell panels, one constructed pinch), paced as
# recorded, with `gesturectl subscribe` receiving the gestures over the socket; each daemon
# stops by itself once its recording has played out.
DEMO_RECORDINGS = Fixtures/real/ts-atmel-maxtouch-1finger-fast-taps.evemu \
	Fixtures/real/ts-atmel-maxtouch-4finger-drag-down.evemu \
	Fixtures/constructed/pinch-open.yml Fixtures/constructed/long-press-drag.yml

demo: deps
	$(SWIFT) build --product gestured
	$(SWIFT) build --product gesturectl
	scripts/demo.sh "$$($(SWIFT) build --show-bin-path)" $(DEMO_RECORDINGS)

# Installs the binaries (release) in $(PREFIX)/bin (gestured, with gesturectl a link to it) and
# $(PREFIX)/libexec (gestured-actions, a link to gestured; gestured-overlay), the systemd units and snippets under
# /etc, creates the gestured user, and reloads systemd. Enable with
# `systemctl enable --now gestured.socket` (systemd/README.md), and per user the actions
# runner with `systemctl --user enable --now gestured-actions` (docs/ACTIONS.md).
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release --product gestured
	$(SWIFT) build -c release --product gestured-overlay
	@bin=$$($(SWIFT) build -c release --show-bin-path); \
	$(SUDO) install -D -m 0755 $$bin/gestured $(PREFIX)/bin/gestured && \
	$(SUDO) ln -sfn gestured $(PREFIX)/bin/gesturectl && \
	$(SUDO) install -d $(PREFIX)/libexec && $(SUDO) ln -sfn ../bin/gestured $(PREFIX)/libexec/gestured-actions && \
	$(SUDO) install -D -m 0755 $$bin/gestured-overlay $(PREFIX)/libexec/gestured-overlay
	$(SUDO) install -m 0644 systemd/gestured.service systemd/gestured.socket /etc/systemd/system/
	$(SUDO) sed -i "s|^ExecStart=.*|ExecStart=$(PREFIX)/bin/gestured|" /etc/systemd/system/gestured.service
	$(SUDO) install -D -m 0644 systemd/gestured-actions.service /etc/systemd/user/gestured-actions.service
	$(SUDO) sed -i "s|^ExecStart=.*|ExecStart=$(PREFIX)/libexec/gestured-actions|" /etc/systemd/user/gestured-actions.service
	$(SUDO) install -D -m 0644 systemd/gestured-overlay.service /etc/systemd/user/gestured-overlay.service
	$(SUDO) sed -i "s|^ExecStart=.*|ExecStart=$(PREFIX)/libexec/gestured-overlay|" /etc/systemd/user/gestured-overlay.service
	$(SUDO) install -D -m 0644 systemd/gestured-view.service /etc/systemd/user/gestured-view.service
	$(SUDO) sed -i "s|^ExecStart=/usr/bin/gesturectl |ExecStart=$(PREFIX)/bin/gesturectl |" /etc/systemd/user/gestured-view.service
	$(SUDO) install -D -m 0644 systemd/sysusers.d/gestured.conf /etc/sysusers.d/gestured.conf
	$(SUDO) install -D -m 0644 systemd/tmpfiles.d/gestured.conf /etc/tmpfiles.d/gestured.conf
	$(SUDO) install -D -m 0644 systemd/udev/70-gestured-uinput.rules /etc/udev/rules.d/70-gestured-uinput.rules
	$(SUDO) install -D -m 0644 systemd/modules-load.d/gestured.conf /etc/modules-load.d/gestured.conf
	$(SUDO) install -d -m 0755 /etc/gestured
	$(SUDO) install -D -m 0644 -t $(PREFIX)/share/gnome-shell/extensions/gestured@gestured.org gnome-shell/gestured@gestured.org/metadata.json gnome-shell/gestured@gestured.org/extension.js gnome-shell/gestured@gestured.org/overlay.js gnome-shell/gestured@gestured.org/painter.js
	$(SUDO) systemd-sysusers /etc/sysusers.d/gestured.conf
	$(SUDO) systemd-tmpfiles --create /etc/tmpfiles.d/gestured.conf
	-$(SUDO) modprobe uinput
	-$(SUDO) udevadm control --reload-rules
	-$(SUDO) udevadm trigger --action=change --subsystem-match=misc --sysname-match=uinput
	-$(SUDO) systemctl daemon-reload

# The benchmark target and its dependency exist only with GESTURED_BENCHMARKS=1, in a build
# folder of their own so they never disturb the test build. Then instruction counts per frame
# (callgrind), which do not depend on how busy the machine is.
bench: deps
	GESTURED_BENCHMARKS=1 $(SWIFT) package --scratch-path .build-bench --disable-sandbox benchmark --no-progress
	@$(MAKE) --no-print-directory bench-instructions
	@$(MAKE) --no-print-directory bench-path
	@$(MAKE) --no-print-directory bench-strokes
	@$(MAKE) --no-print-directory bench-daemon
	@$(MAKE) --no-print-directory bench-footprint
	@$(MAKE) --no-print-directory bench-overlay

# Size of the shipped (static, stripped) executables, and the idle daemon's memory and threads,
# alone and with 256 clients (docs/BENCHMARKS.md).
bench-footprint: static
	@scripts/apt-install-missing.sh linux-perf binutils
	python3 Benchmarks/footprint/run.py "$$($(STATIC_BUILD) --show-bin-path)"
	python3 Benchmarks/footprint/faults.py "$$($(STATIC_BUILD) --show-bin-path)/gestured"

# What the overlay costs under a real sway (headless): CPU while drawing ten fingers at 240 Hz,
# wake-ups and memory once idle (docs/BENCHMARKS-HISTORY.md, "The overlay").
bench-overlay: static
	@scripts/apt-install-missing.sh sway
	python3 Benchmarks/overlay/run.py "$$($(STATIC_BUILD) --show-bin-path)"

# The daemon over its socket: latency, CPU and memory with many clients; replay throughput.
bench-daemon: deps
	@scripts/apt-install-missing.sh rt-tests
	$(SWIFT) build -c release --product gestured
	$(SWIFT) build -c release --product gesturectl
	$(SWIFT) build -c release --product daemon-bench
	Benchmarks/daemon/run.sh "$$($(SWIFT) build -c release --show-bin-path)"

# How well drawn strokes are named: generated drawings of the built-in shapes and of shapes
# nobody recorded, matched with 1, 3 and 5 recorded templates per shape.
bench-strokes: deps
	$(SWIFT) build -c release --product stroke-accuracy
	$$($(SWIFT) build -c release --show-bin-path)/stroke-accuracy

# Instructions a frame of the engine's synthetic streams, the decoder and the forwarder
# (Benchmarks/instructions.sh, callgrind), built as the shipped binaries are (STATIC_BUILD).
bench-instructions: deps
	@scripts/apt-install-missing.sh valgrind
	$(STATIC_BUILD) --product engine-profile
	Benchmarks/instructions.sh $(STATIC_BIN)/engine-profile

# The daemon's whole path per frame, node to subscriber (issue 52): instructions on the event
# loop's thread, ten-finger touchscreen and three-finger touchpad, with no subscriber and one.
# Built as the shipped binaries are (STATIC_BUILD, below): what a phone runs is what is counted.
bench-path: deps
	@scripts/apt-install-missing.sh valgrind
	$(STATIC_BUILD) --product path-profile
	Benchmarks/path.sh $(STATIC_BIN)/path-profile

# Release binaries that carry their Swift runtime (--static-swift-stdlib): what the package and
# the e2e guest run. A build folder of its own, so it never disturbs the test build. Linked by
# the toolchain's lld with full RELRO (relocations resolved at start, then read-only), as Debian
# builds its executables; relative relocations packed (DT_RELR, glibc >= 2.36), and no symbol
# exported (SwiftPM exports them all, for tests that link executables): 2.2 MB less to map
# and read at every start. Each function in a section of its own, laid out by
# packaging/gestured.order (see order-file below), and the functions the compiler leaves
# nameless (closures' context destroyers, thunks), which no order file can name, gathered just
# before them by packaging/gestured-private.ld. docs/BENCHMARKS-HISTORY.md, "Size and memory", and
# docs/BENCHMARKS.md (issue 66) have the figures. Exclusivity (Swift's law that a variable is
# not changed during another access to it) is checked at run time in every test build, where
# every test runs, and not in these: the check costs the daemon's path a third of its
# instructions a frame, most of it inside swift-nio (docs/BENCHMARKS-HISTORY.md, "The whole
# path"); the engine already marks its hot state unchecked. SwiftPM does not recompile when
# only these flags change: after changing them, remove .build-static/*/release.
SHIP_FLAGS = -Xswiftc -enforce-exclusivity=unchecked
# Debian 13's Swift (6.0.3) links with lld 17, which asserts when SwiftPM's `--defsym main=...`
# comes before a script that INSERTs sections, as gestured-private.ld does: with an lld older than
# 18 the link goes through debian13/ld.lld-script-first, which gives it the script first.
TOOLCHAIN_LLD := $(dir $(realpath $(shell command -v swiftc 2>/dev/null)))ld.lld
LLD_MAJOR := $(shell $(TOOLCHAIN_LLD) --version 2>/dev/null | sed -n 's/^LLD \([0-9]*\)\..*/\1/p')
ifeq ($(shell [ -n "$(LLD_MAJOR)" ] && [ "$(LLD_MAJOR)" -lt 18 ] && echo old),old)
SCRIPT_FIRST = -Xswiftc -Xclang-linker -Xswiftc --ld-path=$(CURDIR)/debian13/ld.lld-script-first
export LLD := $(TOOLCHAIN_LLD)
endif
STATIC_BUILD = $(SWIFT) build -c release --static-swift-stdlib --scratch-path .build-static $(SHIP_FLAGS) \
	-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now \
	-Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/gestured.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/packaging/gestured-private.ld $(SCRIPT_FIRST)
STATIC_BIN   = $$($(STATIC_BUILD) --show-bin-path)
# One executable is the daemon, gesturectl and gestured-actions (chosen by the name it is started
# by: ProgramByName), so the last two are links to it here as in the package.
static: deps
	$(STATIC_BUILD) --product gestured
	$(STATIC_BUILD) --product gestured-overlay
	@bin=$(STATIC_BIN) && ln -sfn gestured "$$bin/gesturectl" && ln -sfn gestured "$$bin/gestured-actions"

# packaging/gestured.order: the functions the daemon and the actions runner (gestured-actions) run
# once they are ready, first, then those only their start runs, so that each binary's share a few
# hundred pages instead of touching most of its 13 MB of code, and what is mapped again after
# the start's pages are given back (StartupPages) lies together (docs/BENCHMARKS-HISTORY.md, "Size
# and memory"; docs/BENCHMARKS.md, issue 66). Made by running both under valgrind
# (scripts/make-order-file.py); regenerate it after large changes. The binaries are removed so
# the next build links anew (SwiftPM does not notice a changed order file).
order-file: static
	@scripts/apt-install-missing.sh valgrind binutils
	python3 scripts/make-order-file.py "$(STATIC_BIN)/gestured" "$(STATIC_BIN)/gestured-actions" packaging/gestured.order
	rm -f "$(STATIC_BIN)/gestured"

# The Debian package (packaging/README.md): the static binaries stripped, units, snippets, an
# example configuration, man pages and completions generated from the argument parser; then
# lintian, which must report no error. The man-page tool is built from the same
# swift-argument-parser checkout the binaries use.
DEB_PACKAGES = dpkg-dev binutils lintian
deb: static
	@scripts/apt-install-missing.sh $(DEB_PACKAGES)
	$(SWIFT) build --package-path .build-static/checkouts/swift-argument-parser --scratch-path .build-manual --product generate-manual
	@debs=$$(scripts/make-deb.sh "$(STATIC_BIN)" "$$($(SWIFT) build --package-path .build-static/checkouts/swift-argument-parser --scratch-path .build-manual --show-bin-path)/generate-manual" .build-deb) && \
	for deb in $$debs; do cp "$$deb" . && echo "built $$(basename "$$deb")" && \
	  lintian --fail-on error --info --display-level ">=info" "$$(basename "$$deb")" || exit 1; done

# Debian 13 with its own Swift, swiftlang 6.0.3 (debian13/run.sh; README, "Debian 13, arm64"), in
# roots made once into ~/.cache/gestured/debian13 (GESTURED_DEBIAN13_CACHE moves them):
# `make debian13` runs the README's `make test` in a Debian 13 root; `make arm64` cross-compiles
# the arm64 binaries (release, static Swift runtime) into .build-arm64/release and replays every
# fixture with them under qemu-aarch64 against the x86_64 transcripts; `make deb-arm64` packages
# them. Not part of CI (see the README for why).
debian13:
	$(SUDO) sh debian13/run.sh test

arm64:
	$(SUDO) sh debian13/run.sh arm64

deb-arm64: arm64
	@scripts/apt-install-missing.sh $(DEB_PACKAGES) binutils-aarch64-linux-gnu qemu-user-static
	$(SWIFT) package resolve
	$(SWIFT) build --package-path .build/checkouts/swift-argument-parser --scratch-path .build-manual --product generate-manual
	@sysroot=$$(cat .build-arm64/sysroot) && \
	debs=$$(QEMU_LD_PREFIX=$$sysroot DEB_ARCH=arm64 STRIP=aarch64-linux-gnu-strip SHLIBDEPS_ROOT=$$sysroot \
	  scripts/make-deb.sh .build-arm64/release "$$($(SWIFT) build --package-path .build/checkouts/swift-argument-parser --scratch-path .build-manual --show-bin-path)/generate-manual" .build-deb-arm64) && \
	for deb in $$debs; do cp "$$deb" . && echo "built $$(basename "$$deb")" && \
	  lintian --fail-on error --info --display-level ">=info" "$$(basename "$$deb")" || exit 1; done

# End to end on a real kernel input stack, in throw-away QEMU guests (e2e/README.md): the
# package installed in a guest that boots systemd, and the binaries on the bare input stack. The
# guest image is built once into ~/.cache/gestured/e2e (GESTURED_E2E_CACHE moves it).
E2E_PACKAGES = qemu-system-x86 debootstrap e2fsprogs cpio xz-utils
e2e: deb
	@scripts/apt-install-missing.sh $(E2E_PACKAGES)
	$(SUDO) e2e/run.sh "$(STATIC_BIN)" .build-deb/gestured_*.deb .build-deb/gestured-overlay_*.deb

# The arm64 package in a Debian 13 arm64 guest booted with systemd (qemu-system-aarch64, software
# emulation): a selection of the service scenarios (e2e/arm64.sh, e2e/README.md). Not part of CI:
# it needs `make deb-arm64` (see the README), and the guest takes about 10 minutes.
e2e-arm64: deb-arm64
	@scripts/apt-install-missing.sh qemu-system-arm debootstrap e2fsprogs cpio xz-utils qemu-user-static binfmt-support
	$(SUDO) e2e/arm64.sh "$$(ls -1 .build-deb-arm64/gestured_*_arm64.deb | tail -n 1)"

# GNOME 48 and KDE Plasma 6.3 on Wayland, each in a Debian 13 guest with a virtual GPU, a user
# logged in by gdm3 or sddm, gestured (and on GNOME its GNOME Shell extension) driven there as the
# user would (issue 64; e2e/desktop.sh, e2e/README.md). DESKTOPS picks fewer. Not part of CI:
# each image holds a whole desktop and each run takes minutes under TCG. Both desktops run, and
# the target fails when either did.
DESKTOPS ?= gnome plasma
e2e-desktops: static
	@scripts/apt-install-missing.sh $(E2E_PACKAGES)
	@failed=; for desktop in $(DESKTOPS); do $(SUDO) e2e/desktop.sh "$(STATIC_BIN)" $$desktop || failed="$$failed $$desktop"; done; \
	  if [ -n "$$failed" ]; then echo "e2e-desktops failed on:$$failed"; exit 1; fi

# Each configuration file in CONFIGS (files or folders) run by its own tool — libinput-gestures,
# fusuma, touchegg — and by gestured with what `gesturectl import` made of it, on the same
# gestures in one boot of the peers guest; the effects compared file by file (e2e/parity/README.md).
# Needs the guest image (PEERS_IMAGE: e2e/parity/image.sh DIR), touchegg and the peers' sources
# (TOUCHEGG_BIN, PEERS_SRC; Benchmarks/peers/README.md). Not part of CI: 2 to 3.5 minutes a
# file under TCG.
import-parity: deps
	@[ -n "$(CONFIGS)" ] || { echo "make import-parity CONFIGS=DIR (configuration files or folders)" >&2; exit 2; }
	@scripts/apt-install-missing.sh qemu-system-x86 gcc libc6-dev libx11-dev libxi-dev
	$(SWIFT) build --product gestured
	$(SWIFT) build --product gestured-actions
	$(SWIFT) build --product gesturectl
	e2e/parity/run.sh $(CONFIGS)

# libFuzzer harnesses (Fuzz/Harnesses) with AddressSanitizer, in a build folder of their own:
# each runs FUZZ_SECONDS (default 60) and any crash, leak, timeout or broken invariant fails
# the target, leaving its input under .fuzz/artifacts/ (docs/RELIABILITY.md).
FUZZ_BIN = .build-fuzz/release/gestured-fuzz
FUZZ_SECONDS ?= 60
# The driver links libFuzzer for --sanitize=fuzzer but does not always hand the flag to the
# frontend, which leaves the code without coverage counters (a fuzzer that fuzzes blind): it
# is passed to the frontend directly, and scripts/fuzz.sh refuses a binary without counters.
FUZZ_FLAGS = --sanitize=fuzzer --sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer
fuzz: deps
	GESTURED_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz --product gestured-fuzz $(FUZZ_FLAGS)
	SWIFT_BACKTRACE=enable=no FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh $(FUZZ_BIN)

# The daemon under churn, stuck readers, signals, hostile definitions, the open-files limit,
# subscriptions that amplify (touches and traces) and a soak of
# SOAK_SECONDS (default 120), over a socket on this machine (scripts/soak.py,
# docs/RELIABILITY.md); fails when a promise is broken.
soak: deps
	$(SWIFT) build -c release --product gestured
	python3 scripts/soak.py "$$($(SWIFT) build -c release --show-bin-path)/gestured"

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

# docs/diagrams/*.svg from their text sources (graphviz); commit both.
diagrams:
	@scripts/apt-install-missing.sh graphviz
	for source in docs/diagrams/*.dot; do dot -Tsvg "$$source" -o "$${source%.dot}.svg"; done

clean:
	rm -rf .build .build-bench .build-static .build-manual .build-deb gestured_*.deb gestured-overlay_*.deb
