#!/usr/bin/env bash
# Runs every benchmark of go-smile side by side with its peers (each
# round of one operation and data set in one process, every codec in it),
# then the generic documents (BenchmarkDocParse, BenchmarkDocGet), then
# Jackson 2.19 on the JVM on the same data
# (bench/jvm/run-codecs.sh, when java, javac and the jars are there), and
# writes bench/RESULTS.md.
#
#   COUNT=5 BENCHTIME=1s bash bench/run.sh
#
# COUNT is also the JVM's number of timed rounds and BENCHTIME the length of
# each; JVM_WARMUP (default 5s) is its warm-up for each data set and
# operation (twice: a pass over all of them, then before each one's rounds),
# JACKSON the folder of the jars (see bench/jvm/README.md).
# Raw outputs go to bench/results/ (peers.txt, docs.txt, kernel.txt, jvm.txt and
# benchstat's summaries). The machine is shared and noisy: compare within
# one run only.
set -euo pipefail
cd "$(dirname "$0")"
count=${COUNT:-5}
benchtime=${BENCHTIME:-1s}
jvm_warmup=${JVM_WARMUP:-5s}
mkdir -p results

# The rounds are interleaved: for each operation and data set, round after
# round of all its codecs (-count 1 each), not COUNT runs of one codec and
# then COUNT of the next. A burst of load on the shared machine then slows
# one round of every codec rather than all the runs of one, and the
# medians compare codecs measured over the same stretch of time. (With
# go test -count, the last run of this script had one codec's five runs of
# UnmarshalAny/small spread from 1087 to 1579 ns/op, consecutively.) The
# data sets are those of data.go's Datasets, as cmd/report lists them.
echo "== peers: Unmarshal, UnmarshalAny, Marshal, MarshalAny on six data sets ($count interleaved rounds, benchtime=$benchtime)"
bin=$(mktemp -d)/bench.test
trap 'rm -rf "$(dirname "$bin")"' EXIT
go test -c -o "$bin" .
: > results/peers.txt
for op in Unmarshal UnmarshalAny Marshal MarshalAny; do
	for ds in small medium twitter citm_catalog canada code; do
		for round in $(seq "$count"); do
			"$bin" -test.run '^$' -test.bench "^Benchmark$op\$/^$ds\$/" \
				-test.benchtime "$benchtime" -test.count 1 | grep -v '^PASS$' | tee -a results/peers.txt
		done
	done
done

echo "== generic documents: BenchmarkDocParse and BenchmarkDocGet ($count interleaved rounds, benchtime=$benchtime)"
: > results/docs.txt
for ds in small medium twitter citm_catalog canada code; do
	for round in $(seq "$count"); do
		"$bin" -test.run '^$' -test.bench "^BenchmarkDoc(Parse|Get)\$/^$ds\$/" \
			-test.benchtime "$benchtime" -test.count 1 | grep -v '^PASS$' | tee -a results/docs.txt
	done
done

echo "== JVM: Jackson 2.19 ObjectMapper over SmileFactory (rounds=$count, round=$benchtime, warm-up=$jvm_warmup)"
if reason=$(sh jvm/run-codecs.sh -check 2>&1); then
	if ! sh jvm/run-codecs.sh -warmup "$jvm_warmup" -rounds "$count" -round "$benchtime" \
		2>results/jvm.err | tee results/jvm.txt; then
		# The report says why there is no JVM table; the Go results stand.
		{ echo "bench/jvm/run-codecs.sh failed:"; head -n 5 results/jvm.err; } > results/jvm.txt
		echo "run.sh: bench/jvm/run-codecs.sh failed; RESULTS.md will say so" >&2
	fi
	cat results/jvm.err >&2
	rm -f results/jvm.err
else
	echo "skipped: $reason" | tee results/jvm.txt
fi

echo "== 7-bit kernel and stream Reader/Writer"
(cd .. && go test -run '^$' -bench 'BenchmarkEncode/|BenchmarkDecode/|BenchmarkReader|BenchmarkWriterCorpus' \
	-benchtime "$benchtime" -count "$count" ./binary ./stream) | tee results/kernel.txt

benchstat=(go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da)
"${benchstat[@]}" results/peers.txt > results/benchstat-peers.txt 2>&1 || echo "benchstat unavailable" > results/benchstat-peers.txt
"${benchstat[@]}" results/docs.txt > results/benchstat-docs.txt 2>&1 || echo "benchstat unavailable" > results/benchstat-docs.txt
"${benchstat[@]}" results/kernel.txt > results/benchstat-kernel.txt 2>&1 || echo "benchstat unavailable" > results/benchstat-kernel.txt
"${benchstat[@]}" results/jvm.txt > results/benchstat-jvm.txt 2>&1 || echo "benchstat unavailable" > results/benchstat-jvm.txt

header="Machine: $(nproc) cores, $(go version | cut -d' ' -f3-), $(date -u +%Y-%m-%d). Command: \`COUNT=$count BENCHTIME=$benchtime JVM_WARMUP=$jvm_warmup bash bench/run.sh\`. Raw output and benchstat summaries: \`bench/results/\`."
go run ./cmd/report -peers results/peers.txt -kernel results/kernel.txt -jvm results/jvm.txt -docs results/docs.txt -header "$header" > RESULTS.md
echo "wrote bench/RESULTS.md"
