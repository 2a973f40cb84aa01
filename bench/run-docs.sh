#!/usr/bin/env bash
# Runs the generic-documents benchmarks alone (issue 40): BenchmarkDocParse
# and BenchmarkDocGet in COUNT rounds, each round one process that runs
# every row of every data set once (-count 1): ours and the peers in one
# process, and a burst of load on the shared machine falls on one round of
# every row rather than on all the runs of one (go test -count N runs a
# sub-benchmark N times in a row). Then Jackson 2.19's readTree on the JVM right after
# (bench/jvm/run-codecs.sh -ops UnmarshalAny,ReadTreeJSON), and writes the
# section of RESULTS.md to results/docs-section.md (cmd/report -section docs).
#
#   COUNT=5 BENCHTIME=500ms JVM_WARMUP=5s bash bench/run-docs.sh
#
# bench/run.sh runs the same benchmarks among all the others and puts the
# section into RESULTS.md itself.
set -euo pipefail
cd "$(dirname "$0")"
count=${COUNT:-5}
benchtime=${BENCHTIME:-500ms}
jvm_warmup=${JVM_WARMUP:-5s}
mkdir -p results
echo "== generic documents (count=$count, benchtime=$benchtime); load: $(uptime)"
bin=$(mktemp -d)/bench.test
trap 'rm -rf "$(dirname "$bin")"' EXIT
go test -c -o "$bin" .
: > results/docs.txt
for round in $(seq "$count"); do
	"$bin" -test.run '^$' -test.bench '^BenchmarkDoc(Parse|Get)$' -test.benchtime "$benchtime" -test.count 1 |
		grep -v '^PASS$' | tee -a results/docs.txt
done
echo "== JVM: Jackson 2.19 readTree (rounds=$count, round=$benchtime, warm-up=$jvm_warmup); load: $(uptime)"
if reason=$(sh jvm/run-codecs.sh -check 2>&1); then
	sh jvm/run-codecs.sh -warmup "$jvm_warmup" -rounds "$count" -round "$benchtime" -ops UnmarshalAny,ReadTreeJSON | tee results/jvm-docs.txt
else
	echo "skipped: $reason" | tee results/jvm-docs.txt
fi
go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da results/docs.txt > results/benchstat-docs.txt 2>&1 ||
	echo "benchstat unavailable" > results/benchstat-docs.txt
go run ./cmd/report -section docs -docs results/docs.txt -jvm results/jvm-docs.txt > results/docs-section.md
echo "wrote bench/results/docs-section.md; load: $(uptime)"
