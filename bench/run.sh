#!/usr/bin/env bash
# Runs every benchmark of go-smile side by side with its peers, in one
# process per module, and writes bench/RESULTS.md.
#
#   COUNT=5 BENCHTIME=1s bash bench/run.sh
#
# Raw outputs go to bench/results/ (peers.txt, kernel.txt and benchstat's
# summaries). The machine is shared and noisy: compare within one run only.
set -euo pipefail
cd "$(dirname "$0")"
count=${COUNT:-5}
benchtime=${BENCHTIME:-1s}
mkdir -p results

echo "== peers: Marshal, Unmarshal, UnmarshalAny on six data sets (count=$count, benchtime=$benchtime)"
go test -run '^$' -bench . -benchtime "$benchtime" -count "$count" . | tee results/peers.txt

echo "== 7-bit kernel and stream Reader/Writer"
(cd .. && go test -run '^$' -bench 'BenchmarkEncode/|BenchmarkDecode/|BenchmarkReader|BenchmarkWriterCorpus' \
	-benchtime "$benchtime" -count "$count" ./binary ./stream) | tee results/kernel.txt

benchstat=(go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da)
"${benchstat[@]}" results/peers.txt > results/benchstat-peers.txt 2>&1 || echo "benchstat unavailable" > results/benchstat-peers.txt
"${benchstat[@]}" results/kernel.txt > results/benchstat-kernel.txt 2>&1 || echo "benchstat unavailable" > results/benchstat-kernel.txt

header="Machine: $(nproc) cores, $(go version | cut -d' ' -f3-), $(date -u +%Y-%m-%d). Command: \`COUNT=$count BENCHTIME=$benchtime bash bench/run.sh\`. Raw output and benchstat summaries: \`bench/results/\`."
go run ./cmd/report -peers results/peers.txt -kernel results/kernel.txt -header "$header" > RESULTS.md
echo "wrote bench/RESULTS.md"
