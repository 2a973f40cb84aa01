#!/usr/bin/env bash
# regen.sh: regenerates every generated file under testdata/golden/ with the REAL Jackson
# (Debian 12: jackson-dataformat-smile 2.7.8 on jackson-core 2.14.1, OpenJDK 17).
#
# Needs:  apt-get install -y default-jdk-headless libjackson2-dataformat-smile python3
#         (the brief's default-jre-headless has no javac; the JDK is needed to compile the oracle)
#
# What it does, in order (deterministic: running it twice gives identical files):
#   1. compiles compat/jackson/SmileOracle.java (build.sh) into a temp dir;
#   2. deletes all generated outputs: */*.smile, */*.smile.gz, binary/*, spec/vectors.jackson.txt;
#   3. runs compat/jackson/gen_tokens.py, which (re)writes the generated inputs:
#      tokens/*.tok and json/g-*.json (inputs over 16 KiB are written as .gz with mtime 0);
#      hand-written inputs (json/*.json without the g- prefix, corpus/*.json.gz, spec/vectors.json)
#      are left alone;
#   4. SmileOracle tokens tokens/   -> tokens/<name>.<config>.smile for the six configs
#      SmileOracle json json/       -> json/<name>.<config>.smile for the six configs
#      SmileOracle json corpus/ default -> corpus/<name>.default.smile (default config only)
#      (outputs over 16 KiB are stored as <file>.gz, mtime 0)
#   5. SmileOracle binary binary/ 0..200 1000 4095 4096 65536 65537 250000 250001 300007
#      -> bin-<len>.bin, bin-<len>.7bit.smile, bin-<len>.raw.smile (never gzipped)
#   6. SmileOracle vectors spec/vectors.json spec/vectors.jackson.txt: runs every digest vector
#      through Jackson and records MATCH/DIFF with Jackson's bytes.
#
# corpus/*.json.gz are copies of /work/shared/data/*.json.gz (the benchmark corpora); pass
# --import-corpus to copy them again from that directory before regenerating.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GOLD="$ROOT/testdata/golden"

if [[ "${1:-}" == "--import-corpus" ]]; then
  mkdir -p "$GOLD/corpus"
  for f in twitter citm_catalog canada code; do
    cp "/work/shared/data/$f.json.gz" "$GOLD/corpus/$f.json.gz"
  done
fi

command -v java >/dev/null || { echo "regen.sh: java not found (apt-get install -y default-jdk-headless)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "regen.sh: python3 not found" >&2; exit 1; }

CLS="$(mktemp -d -t smile-oracle.XXXXXX)"
trap 'rm -rf "$CLS"' EXIT
bash "$HERE/build.sh" "$CLS" >/dev/null
CP="$CLS:$(bash "$HERE/build.sh" --classpath)"
oracle() { java -Xss16m -cp "$CP" SmileOracle "$@"; }

mkdir -p "$GOLD/tokens" "$GOLD/json" "$GOLD/corpus" "$GOLD/binary" "$GOLD/spec"
find "$GOLD/tokens" "$GOLD/json" "$GOLD/corpus" -type f \( -name '*.smile' -o -name '*.smile.gz' \) -delete
find "$GOLD/binary" -type f -delete
rm -f "$GOLD/spec/vectors.jackson.txt"

python3 "$HERE/gen_tokens.py" "$GOLD"

oracle tokens "$GOLD/tokens"
oracle json "$GOLD/json"
if compgen -G "$GOLD/corpus/*.json*" >/dev/null; then
  oracle json "$GOLD/corpus" default
fi
oracle binary "$GOLD/binary" $(seq 0 200) 1000 4095 4096 65536 65537 250000 250001 300007
oracle vectors "$GOLD/spec/vectors.json" "$GOLD/spec/vectors.jackson.txt"

echo "regen.sh: done; $(find "$GOLD" -type f | wc -l) files, $(du -sh --apparent-size "$GOLD" | cut -f1)" >&2
