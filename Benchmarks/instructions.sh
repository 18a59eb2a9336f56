#!/usr/bin/env bash
# Counts the instructions a benchmark workload executes, with valgrind's callgrind: unlike a
# timing, the count is the same run after run whatever else the machine is doing, so it can
# judge a change of a few percent on a shared machine. A developer's tool (needs valgrind and a
# C compiler: `apt-get install valgrind gcc`); CI does not run it.
#
#   Benchmarks/instructions.sh [BINARY] WORKLOAD [EVENTS]
#
# BINARY defaults to .build/release/hindsight-bench (build it first with
# `swift build -c release --product hindsight-bench`); EVENTS to 200000. Prints the total
# instruction count of the whole process (set-up, a warm-up run and one measured run); the
# callgrind profile is left in $TMPDIR for callgrind_annotate. For `replay.kept`, set
# HINDSIGHT_BENCH_KEPT_DIR=DIR (the same for both builds compared): the log is then written
# by the first run only, and the counts after it are the replay's.
#
# For counts per source line (`callgrind_annotate --auto=yes PROFILE`), build the binary with
# DWARF 4 debug info in a directory of its own:
#   swift build -c release --product hindsight-bench --scratch-path /tmp/dwarf4 \
#       -Xswiftc -g -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
# and pass /tmp/dwarf4/release/hindsight-bench as BINARY (its count is within 0.01% of the
# plain build's).
#
# Three things make valgrind 3.19 run our binaries:
# - the debug info is stripped from a copy unless it is DWARF 4 (valgrind cannot read Swift's
#   default DWARF 5);
# - a preloaded sigsuspend copies its mask to the stack (libdispatch passes a read-only one,
#   which valgrind writes to, and crashes);
# - SWIFT_DETERMINISTIC_HASHING=1 keeps dictionary work, and so the count, the same each run.
set -euo pipefail

binary=.build/release/hindsight-bench
if [ $# -ge 1 ] && [ -x "$1" ] && [ -f "$1" ]; then binary=$1; shift; fi
workload=${1:?usage: Benchmarks/instructions.sh [BINARY] WORKLOAD [EVENTS]}
events=${2:-200000}
command -v valgrind >/dev/null || { echo "error: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -x "$binary" ] || { echo "error: no benchmark binary at $binary (swift build -c release --product hindsight-bench)" >&2; exit 1; }

work=$(mktemp -d)
cat > "$work/shim.c" <<'C'
#define _GNU_SOURCE
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, 8);
}
C
cc -shared -fPIC -O2 -o "$work/shim.so" "$work/shim.c"
# A binary built with DWARF 4 debug info keeps it (the profile then has source lines); any
# other has its debug info stripped.
dwarf=$( (readelf --debug-dump=info "$binary" 2>/dev/null || true) | sed -n '/^ *Version:/{s/^ *Version: *//p;q;}')
if [ "${dwarf:-0}" -ge 2 ] && [ "${dwarf:-0}" -le 4 ]; then
    cp "$binary" "$work/bench"
else
    strip --strip-debug -o "$work/bench" "$binary"
fi
profile="$work/callgrind.$workload.out"
SWIFT_DETERMINISTIC_HASHING=1 LD_PRELOAD="$work/shim.so" \
    valgrind --tool=callgrind --callgrind-out-file="$profile" \
    "$work/bench" "$workload" --events "$events" --repetitions 1 > "$work/run.log" 2>&1 \
    || { cat "$work/run.log" >&2; exit 1; }
count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/run.log")
echo "$workload $events events: $count instructions (profile: $profile)"
