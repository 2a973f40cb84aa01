#!/bin/sh
# run-codecs.sh times Jackson 2.19's ObjectMapper over SmileFactory on the
# data sets of the Go benchmarks: tree and POJO binding, read and write (see
# Codecs.java and README.md). It writes the Smile the Go benchmarks decode
# (go run ./cmd/smiledata), compiles Codecs.java and Models.java with javac
# into a temporary folder and runs them; the output is in go test -bench
# format, for cmd/report. Extra arguments go to Codecs, e.g.
#
#   bench/jvm/run-codecs.sh -warmup 5s -rounds 5 -round 1s
#
# JACKSON overrides the folder of the jars (default: ../shared/jackson/2.19
# relative to the repository); JAVA_OPTS are passed to java.
# run-codecs.sh -check only says whether java, javac and the jars are there
# (exit status 0) or what is missing (a message and status 1).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
J=${JACKSON:-$repo/../shared/jackson/2.19}
CP=$J/jackson-core-2.19.0.jar:$J/jackson-annotations-2.19.0-SNAPSHOT.jar:$J/jackson-databind-2.19.0-rc2.jar
CP=$CP:$J/jackson-dataformat-smile-2.19.0-SNAPSHOT.jar:$J/fastdoubleparser-1.0.90.jar
missing=""
for tool in java javac; do
	command -v $tool >/dev/null 2>&1 || missing="$missing $tool (a JDK, 17 or later)"
done
for jar in $(echo "$CP" | tr : ' '); do
	[ -f "$jar" ] || missing="$missing $jar"
done
if [ -n "$missing" ]; then
	echo "run-codecs.sh: missing:$missing (set JACKSON to the folder of the 2.19 jars)" >&2
	exit 1
fi
if [ "${1:-}" = -check ]; then
	exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd "$repo/bench" && go run ./cmd/smiledata -out "$out/data")
javac -cp "$CP" -d "$out/classes" "$here/Codecs.java" "$here/Models.java"
# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
java ${JAVA_OPTS:-} -cp "$out/classes:$CP" Codecs "$@" "$out/data/manifest.txt"
