#!/bin/sh
# run.sh times Jackson 2.19's Smile parser over the token loop of the
# corpus documents (see TokenLoop.java and README.md). Run it from anywhere;
# extra arguments go to TokenLoop (e.g. -warmup 5 -rounds 10 -round 1).
# JACKSON overrides the folder of the jars (default: ../shared/jackson/2.19
# relative to the repository, which holds jackson-core, jackson-dataformat-smile
# and fastdoubleparser).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
J=${JACKSON:-$repo/../shared/jackson/2.19}
CP=$J/jackson-core-2.19.0.jar:$J/jackson-dataformat-smile-2.19.0-SNAPSHOT.jar:$J/fastdoubleparser-1.0.90.jar
for jar in $(echo "$CP" | tr : ' '); do
	[ -f "$jar" ] || { echo "run.sh: missing $jar (set JACKSON to the folder of the 2.19 jars)" >&2; exit 1; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -cp "$CP" -d "$out" "$here/TokenLoop.java"
C=$repo/testdata/golden/corpus
java -cp "$out:$CP" TokenLoop "$@" \
	"$C/citm_catalog.default.smile.gz" "$C/twitter.default.smile.gz" "$C/canada.default.smile.gz"
