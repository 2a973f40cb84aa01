#!/bin/sh
# callgrind.sh prints the instructions (callgrind Ir) per operation of
# go-smile in this module's benchmarks, one line per argument:
#
#   bash bench/callgrind.sh Unmarshal/twitter Marshal/canada ...
#
# An argument is <benchmark>/<data set> of peers_test.go (the smile codec).
# Each is run under valgrind twice, with -benchtime Nx and 2Nx (N=200
# unless set), and the figure is (Ir of 2Nx - Ir of Nx) / N, so that the
# setup (reading the data set, the round-trip check) cancels out. GOGC=off and GOMAXPROCS=1
# keep the runtime's share steady; machine load does not change the counts.
# cpu.rdtscp=off: valgrind 3.19 does not decode RDTSCP, which the
# runtime's cputicks uses when a lock is contended (lock_spinbit.go, Go
# 1.26): without it a run dies at random with SIGILL.
# The second figure counts only the instructions of go-smile's own functions
# (self cost, the runtime's excluded): steadier where a change does not
# touch allocation.
# BIN=path runs a test binary built before (go test -c) instead of building
# this tree's, to compare two trees. TAGS=... builds it with those build
# tags (go test -c -tags), such as TAGS=purego for go-smile without its
# mirrors of the runtime (internal/rt).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
n=${N:-200}
bin=${BIN:-}
if [ -z "$bin" ]; then
	bin=$out/bench.test
	(cd "$here" && go test -c -tags "${TAGS:-}" -o "$bin" .)
fi
ir() { # ir BENCH SET N
	(cd "$here" && GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind \
		--callgrind-out-file="$out/cg" "$bin" -test.run '^$' \
		-test.bench "^Benchmark$1\$/^$2\$/^smile\$" -test.benchtime "$3x" >"$out/log" 2>"$out/err") ||
		{ cat "$out/log" "$out/err" >&2; exit 1; }
	# awk's numbers are floats (mawk prints no integer past 2^31): the
	# arithmetic is the shell's.
	callgrind_annotate --threshold=100 --auto=no "$out/cg" | awk '
		/PROGRAM TOTALS/ { gsub(",", "", $1); total = $1 }
		/:github\.com\/go-smile\/smile[.\/]/ && !/smile\/bench/ { gsub(",", "", $1); print $1 }
		END { print "total", total }' >"$out/ir"
	own=0
	while read -r c rest; do
		[ "$c" = total ] && total=$rest || own=$((own + c))
	done <"$out/ir"
	echo "$total $own"
}
for arg in "$@"; do
	b=${arg%%/*} set=${arg#*/}
	set -- $(ir "$b" "$set" "$n") $(ir "$b" "$set" $((2 * n)))
	echo "$arg $(( ($3 - $1) / n )) Ir/op, go-smile's own $(( ($4 - $2) / n )) Ir/op"
done
