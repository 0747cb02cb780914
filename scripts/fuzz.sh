#!/bin/sh
# make fuzz: runs each libFuzzer harness for FUZZ_SECONDS (default 60) and fails on any crash,
# leak, timeout, memory blow-up or broken invariant, leaving the input that did it under
# $FUZZ_DIR/artifacts/HARNESS/ (docs/RELIABILITY.md says how to replay one).
#
#   scripts/fuzz.sh BINARY            FUZZ_SECONDS=20 FUZZ_HARNESSES="request config" …
#
# The corpus each run grows is kept in $FUZZ_DIR/corpus/HARNESS (default .fuzz/, not in git),
# so later runs start where earlier ones ended; the seeds are made afresh every time from
# Fixtures, Fixtures/repro, ../shared/repro (when present) and Fuzz/seeds.
set -eu

bin=$1
seconds=${FUZZ_SECONDS:-60}
work=${FUZZ_DIR:-.fuzz}
harnesses=${FUZZ_HARNESSES:-request config evemu libinput-record evtest decoder forwarder import edit}
# Limits every input must stay within: 10 s, 2 GiB resident, no single allocation over 512 MiB.
limits="-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512"

seed() {  # seed HARNESS: fills $work/seeds/HARNESS
    dir=$work/seeds/$1
    rm -rf "$dir"
    mkdir -p "$dir"
    small() { for f in "$@"; do [ -f "$f" ] && [ "$(wc -c <"$f")" -le 131072 ] && cp "$f" "$dir/" || true; done; }
    case $1 in
    request)
        n=0
        while IFS= read -r line; do
            n=$((n + 1))
            printf '%s' "$line" >"$dir/request-$n"
        done <Fuzz/seeds/requests.jsonl ;;
    config)
        small Fixtures/gestures.yml packaging/gestured.yml Benchmarks/daemon/bench-gestures.yml Fixtures/repro/*.yml ../shared/repro/*.yml
        rm -f "$dir"/min_*  # the recordings among the reproducers
        ;;
    evemu) small Fixtures/real/*.evemu Fixtures/repro/*.evemu ../shared/repro/*.evemu ;;
    libinput-record) small Fixtures/constructed/*.yml Fixtures/repro/*libinput*.yml ../shared/repro/*libinput*.yml ;;
    evtest) small Fixtures/evtest/*.evtest ;;
    decoder) python3 scripts/fuzz-decoder-seeds.py "$dir" Fixtures/real/*.evemu ;;
    import) small Fixtures/imports/* ;;
    edit)  # an even first byte: an actions file; odd: a draft (EditHarness)
        for f in Fuzz/seeds/actions/*.yml; do { printf '\000'; cat "$f"; } >"$dir/$(basename "$f")"; done
        printf '\001%s' '{"gesture":"swipe-up-3","keys":"super+Up","shell":"echo '"'"'a'"'"'\n# b"}' >"$dir/draft-1"
        printf '\001%s' '{"gesture":"x","define":"{ swipe: { direction: up } }","run":["a","#b"]}' >"$dir/draft-2" ;;
    esac
}

max_len() {  # the largest input libFuzzer makes: room for the real thing, small enough to be fast
    case $1 in
    request | decoder | forwarder) echo 4096 ;;
    config | import | edit) echo 16384 ;;
    *) echo 32768 ;;
    esac
}

dictionary() {
    case $1 in
    request) echo Fuzz/dictionaries/json.dict ;;
    config) echo Fuzz/dictionaries/yaml.dict ;;
    import) echo Fuzz/dictionaries/import.dict ;;
    edit) echo Fuzz/dictionaries/yaml.dict ;;
    evemu) echo Fuzz/dictionaries/evemu.dict ;;
    libinput-record) echo Fuzz/dictionaries/libinput-record.dict ;;
    evtest) echo Fuzz/dictionaries/evtest.dict ;;
    *) echo "" ;;
    esac
}

# A harness binary built without coverage counters runs, finds nothing and says nothing: refuse it.
if ! "$bin" request -runs=1 2>&1 | grep -q "inline 8-bit counters"; then
    echo "fuzz: $bin has no coverage counters (built without -sanitize=fuzzer reaching the compiler?)" >&2
    exit 1
fi

status=0
printf '%-16s %10s %10s %8s %8s  %s\n' harness executions "exec/s" coverage corpus result
for harness in $harnesses; do
    corpus=$work/corpus/$harness
    artifacts=$work/artifacts/$harness
    log=$work/logs/$harness.log
    mkdir -p "$corpus" "$artifacts" "$work/logs"
    seed "$harness"
    dict=$(dictionary "$harness")
    set +e
    # shellcheck disable=SC2086
    "$bin" "$harness" -max_total_time="$seconds" $limits ${dict:+-dict=$dict} -max_len="$(max_len "$harness")" -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$corpus" "$work/seeds/$harness" >"$log" 2>&1
    rc=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    files=$(find "$corpus" -type f | wc -l)
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        result="FAILED (exit $rc): $(ls -t "$artifacts" | head -1 | sed "s|^|$artifacts/|")"
        status=1
    fi
    printf '%-16s %10s %10s %8s %8s  %s\n' "$harness" "${runs:-?}" "${rate:-?}" "${cov:-?}" "$files" "$result"
    if [ "$rc" -ne 0 ]; then
        echo "--- the end of $log:" >&2
        grep -v '^#[0-9]' "$log" | tail -30 >&2
        echo "--- replay it with: $bin $harness $(ls -t "$artifacts" | head -1 | sed "s|^|$artifacts/|")" >&2
    fi
done
exit $status
