#!/usr/bin/env bash
# Compiles compat/jackson/SmileOracle.java against Debian's Jackson jars.
#
# Usage: build.sh [classdir]   (default: a fresh temp dir)
# Prints the class directory on stdout. Run the oracle with:
#   java -cp "$(build.sh):$(build.sh --classpath)" SmileOracle ...
# or use the classpath printed by `build.sh --classpath` (the jars only).
#
# Needs: apt-get install -y default-jdk-headless libjackson2-dataformat-smile
# (javac; Debian 12 ships jackson-dataformat-smile 2.7.8 on jackson-core 2.14.1).
set -euo pipefail

JARDIR=/usr/share/java
CP="$JARDIR/jackson-core.jar:$JARDIR/jackson-dataformat-smile.jar"

if [[ "${1:-}" == "--classpath" ]]; then
  echo "$CP"
  exit 0
fi

for j in jackson-core.jar jackson-dataformat-smile.jar; do
  if [[ ! -e "$JARDIR/$j" ]]; then
    echo "build.sh: missing $JARDIR/$j (apt-get install -y libjackson2-dataformat-smile)" >&2
    exit 1
  fi
done

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${1:-$(mktemp -d -t smile-oracle.XXXXXX)}"
mkdir -p "$OUT"
javac -nowarn -encoding UTF-8 -cp "$CP" -d "$OUT" "$HERE/SmileOracle.java" >&2
echo "$OUT"
