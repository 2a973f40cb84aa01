#!/bin/sh
# callgrind.sh prints the instructions (callgrind Ir) per token loop of
# tokenloop over the Smile of citm_catalog, twitter and canada:
# (Ir of 11 loops - Ir of 1 loop) / 10, GOGC=off and GOMAXPROCS=1 so that
# the runtime adds next to nothing. Machine load does not change the counts.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$here" && CGO_ENABLED=0 go build -o "$out/tokenloop" .)
ir() {
	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
		--callgrind-out-file="$out/cg" "$out/tokenloop" "$1" "$2" >/dev/null 2>"$out/err"
	callgrind_annotate "$out/cg" | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}'
}
for set in citm_catalog twitter canada; do
	f=$repo/testdata/golden/corpus/$set.default.smile.gz
	a=$(ir "$f" 1)
	b=$(ir "$f" 11)
	echo "$set $(( (b - a) / 10 )) Ir/loop"
done
