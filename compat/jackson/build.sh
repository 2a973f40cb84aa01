#!/usr/bin/env bash
# Compiles compat/jackson/SmileOracle.java against one Jackson version's jars.
#
# Usage: build.sh [--jackson VERSION] [classdir]   compile; prints the class directory
#                                                  (default: a fresh temp dir)
#        build.sh [--jackson VERSION] --classpath  print that version's jars as a classpath
#        build.sh --versions                       print the versions whose jars are on this
#                                                  machine, oldest first, one a line; say on
#                                                  stderr which are missing and where they
#                                                  were looked for
# Run the oracle with:
#   java -cp "$(build.sh --jackson 2.19):$(build.sh --jackson 2.19 --classpath)" SmileOracle ...
#
# The versions (testdata/golden/README.md says what differs between them):
#   2.7.8   Debian 12's jars in /usr/share/java: jackson-dataformat-smile 2.7.8 on
#           jackson-core 2.14.1-2~deb12u1 (the default, so that plain `build.sh` works
#           wherever `apt-get install -y default-jdk-headless libjackson2-dataformat-smile` ran)
#   2.18.3  jackson-core 2.18.3 + jackson-dataformat-smile 2.18.3
#   2.19    jackson-core 2.19.0 + jackson-dataformat-smile 2.19 (branch, before 2.19.0)
# 2.18.3 and 2.19 are built from public sources and live in the project's shared folder beside
# the checkout ($(git rev-parse --show-toplevel)/../shared/jackson/<version>/, see its
# README.md); SMILE_JACKSON_DIR overrides that folder.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
SHARED="${SMILE_JACKSON_DIR:-$ROOT/../shared/jackson}"
VERSIONS=(2.7.8 2.18.3 2.19)

# jars VERSION: the jar files of VERSION, one a line.
jars() {
  case "$1" in
    2.7.8)
      echo /usr/share/java/jackson-core.jar
      echo /usr/share/java/jackson-dataformat-smile.jar ;;
    2.18.3)
      echo "$SHARED/2.18.3/jackson-core-2.18.3.jar"
      echo "$SHARED/2.18.3/jackson-dataformat-smile-2.18.3.jar"
      echo "$SHARED/2.18.3/fastdoubleparser-1.0.90.jar" ;;
    2.19)
      echo "$SHARED/2.19/jackson-core-2.19.0.jar"
      echo "$SHARED/2.19/jackson-dataformat-smile-2.19.0-SNAPSHOT.jar"
      echo "$SHARED/2.19/fastdoubleparser-1.0.90.jar" ;;
    *)
      echo "build.sh: unknown Jackson version $1 (known: ${VERSIONS[*]})" >&2
      return 1 ;;
  esac
}

# missing VERSION: prints the first missing jar of VERSION; fails when none is missing.
missing() {
  local j
  while read -r j; do
    if [[ ! -e "$j" ]]; then
      echo "$j"
      return 0
    fi
  done < <(jars "$1")
  return 1
}

hint() {
  case "$1" in
    2.7.8) echo "apt-get install -y default-jdk-headless libjackson2-dataformat-smile" ;;
    *) echo "copy the project's shared/jackson folder beside the checkout, or set SMILE_JACKSON_DIR" ;;
  esac
}

VERSION=2.7.8
if [[ "${1:-}" == "--jackson" ]]; then
  VERSION="${2:?build.sh: --jackson needs a version}"
  shift 2
fi

case "${1:-}" in
  --versions)
    for v in "${VERSIONS[@]}"; do
      if j=$(missing "$v"); then
        echo "build.sh: Jackson $v not available: missing $j ($(hint "$v"))" >&2
      else
        echo "$v"
      fi
    done
    exit 0 ;;
  --classpath)
    jars "$VERSION" | paste -sd: -
    exit 0 ;;
esac

if j=$(missing "$VERSION"); then
  echo "build.sh: Jackson $VERSION: missing $j ($(hint "$VERSION"))" >&2
  exit 1
fi
CP="$(jars "$VERSION" | paste -sd: -)"
OUT="${1:-$(mktemp -d -t smile-oracle.XXXXXX)}"
mkdir -p "$OUT"
javac -nowarn -encoding UTF-8 -cp "$CP" -d "$OUT" "$HERE/SmileOracle.java" >&2
echo "$OUT"
