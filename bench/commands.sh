#!/bin/sh
# commands.sh times the command-line converter on issue 17's large
# document: `smile tojson` of a root array of twitter statuses, about
# 350 MB of Smile, and `smile fromjson` of its compact JSON.
#
#   sh bench/commands.sh                  # SIZE=350000000, RUNS=5
#   SIZE=20000000 RUNS=3 sh bench/commands.sh   # a quick check
#
# It builds cmd/smile, then the inputs once into a temporary folder
# (removed at the end; TMPDIR chooses where, and needs about 3 SIZE
# free): cmd/statuses writes the 100 statuses of testdata/twitter.json.gz
# repeated as often as makes SIZE bytes of Smile, as compact JSON, and
# `smile fromjson` converts that to Smile with its default flags. Each
# command then runs once to warm the page cache and count its output,
# and RUNS times more, its output to /dev/null, under /usr/bin/time for
# its times (to 10 ms) and peak resident memory. It prints the median
# wall time of the runs, with the min and max (a wide spread says the
# machine was busy), the median CPU time (user + system), MB/s (10^6
# bytes) of input and of output at the median wall time and per second
# of the median CPU time, and the largest peak RSS. It also says whether
# tojson gives back the JSON byte for byte. Quote the wall figures from a
# quiet machine (on a busy one the wall time waits for a core and the
# CPU time is the steadier); at a small SIZE the times are too short for
# the 10 ms clock.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
size=${SIZE:-350000000}
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== building cmd/smile and cmd/statuses"
(cd "$here/.." && go build -o "$tmp/smile" ./cmd/smile)
(cd "$here" && go build -o "$tmp/statuses" ./cmd/statuses)
smile=$tmp/smile

echo "== building the inputs (SIZE=$size bytes of Smile)"
once=$(cd "$here" && "$tmp/statuses" -n 1 | "$smile" fromjson | wc -c)
n=$(( (size + once - 1) / once ))
(cd "$here" && "$tmp/statuses" -n "$n") >"$tmp/statuses.json"
"$smile" fromjson "$tmp/statuses.json" >"$tmp/statuses.smile"
"$smile" validate "$tmp/statuses.smile"
if "$smile" tojson "$tmp/statuses.smile" | cmp -s - "$tmp/statuses.json"; then
	echo "smile tojson gives back the compact JSON byte for byte"
else
	echo "smile tojson's output differs from the compact JSON (escapes or numbers written otherwise)"
fi
echo "$n times 100 statuses: $(wc -c <"$tmp/statuses.smile") bytes of Smile, $(wc -c <"$tmp/statuses.json") of compact JSON"

# measure NAME INPUT: times `smile NAME INPUT`.
measure() {
	in=$(wc -c <"$2")
	out=$("$smile" "$1" "$2" | wc -c) # the warm-up run
	: >"$tmp/runs"
	i=0
	while [ "$i" -lt "$runs" ]; do
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$smile" "$1" "$2" >/dev/null
		tail -n 1 "$tmp/time" >>"$tmp/runs"
		i=$((i + 1))
	done
	# Fields: wall s, user s, system s, peak RSS KiB. The medians of wall
	# and of user+system time are taken apart.
	awk '{ print $1, $2 + $3, $4 }' "$tmp/runs" | sort -n -k 1 >"$tmp/wall"
	sort -n -k 2 "$tmp/wall" | awk '{ print $2 }' >"$tmp/cpu"
	awk -v name="$1" -v ib="$in" -v ob="$out" -v cpufile="$tmp/cpu" '
		{ wall[NR] = $1; if ($3 > rss) rss = $3 }
		END {
			for (i = 1; (getline c <cpufile) > 0; i++) cpu[i] = c
			h = int((NR + 1) / 2); m = wall[h]
			if (m <= 0) m = 0.005 # under the clock'"'"'s 10 ms
			printf "smile %s: %d runs, wall %.2f s median (min %.2f, max %.2f), cpu %.2f s median; in %.0f B, %.0f MB/s; out %.0f B, %.0f MB/s; peak RSS %.1f MiB\n",
				name, NR, wall[h], wall[1], wall[NR], cpu[h], ib, ib / m / 1e6, ob, ob / m / 1e6, rss / 1024
			if (cpu[h] > 0) printf "  per CPU second: in %.0f MB/s, out %.0f MB/s\n", ib / cpu[h] / 1e6, ob / cpu[h] / 1e6
		}' "$tmp/wall"
}

echo "== timing (medians of $runs runs, output to /dev/null)"
measure tojson "$tmp/statuses.smile"
measure fromjson "$tmp/statuses.json"
