#!/usr/bin/env bash
# Prints the Jackson-written Smile documents that interop's tests hold as
# golden hex (uuid_test.go, decimal_test.go). Needs a JDK and the Jackson 2.19
# jars of the shared folder (shared/jackson/2.19 beside the repository, or $JACKSON).
set -euo pipefail
J=${JACKSON:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/jackson/2.19}
CP=$J/jackson-core-2.19.0.jar:$J/jackson-dataformat-smile-2.19.0-SNAPSHOT.jar:$J/fastdoubleparser-1.0.90.jar
CP=$CP:$J/jackson-annotations-2.19.0-SNAPSHOT.jar:$J/jackson-databind-2.19.0-rc2.jar:$J/jackson-dataformat-smile-databind-2.19.0-SNAPSHOT.jar
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -cp "$CP" -d "$out" "$(dirname "$0")/InteropGolden.java"
java -cp "$out:$CP" InteropGolden
