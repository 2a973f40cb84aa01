#!/usr/bin/env bash
# regen.sh: regenerates every generated file under testdata/golden/ with the REAL Jackson, once per
# Jackson version (build.sh --versions: Debian 12's 2.7.8 on jackson-core 2.14.1, 2.18.3, 2.19),
# and records in testdata/golden/MANIFEST which version wrote each file.
#
# Usage: regen.sh [--import-corpus] [--check]
#
# Needs:  apt-get install -y default-jdk-headless libjackson2-dataformat-smile python3
#         (the JDK is needed to compile the oracle), and for 2.18.3 and 2.19 the project's
#         shared/jackson folder beside the checkout (see build.sh).
#
# What it does, in order (deterministic: running it twice gives identical files):
#   1. runs compat/jackson/gen_tokens.py, which (re)writes the generated inputs in place:
#      tokens/*.tok and json/g-*.json (inputs over 16 KiB are written as .gz with mtime 0);
#      hand-written inputs (json/*.json without the g- prefix, corpus/*.json.gz, spec/vectors.json)
#      are left alone;
#   2. for each Jackson version on this machine, compiles compat/jackson/SmileOracle.java against
#      its jars (build.sh), checks that the jars are the version they are named for
#      (SmileOracle version), and writes that version's outputs into a scratch tree that links
#      to the inputs:
#      SmileOracle tokens tokens/   -> tokens/<name>.<config>.smile for the six configs
#      SmileOracle json json/       -> json/<name>.<config>.smile for the six configs
#      SmileOracle json corpus/ default -> corpus/<name>.default.smile (default config only)
#      (outputs over 16 KiB are stored as <file>.gz, mtime 0)
#      SmileOracle binary binary/ 0..200 1000 4095 4096 65536 65537 250000 250001 300007
#      -> bin-<len>.bin, bin-<len>.7bit.smile, bin-<len>.raw.smile (never gzipped)
#      SmileOracle vectors spec/vectors.json spec/vectors.jackson.txt: runs every digest vector
#      through Jackson and records MATCH/DIFF with Jackson's bytes;
#   3. compat/jackson/merge_golden.py merges the trees into testdata/golden: a file that every
#      version writes alike is kept once under its plain name; where versions disagree, each
#      group of versions that agree gets its own file, named <name>.<config>@<v>+<v>.smile
#      (vectors.jackson@<v>.txt), and MANIFEST lists every output with the versions that wrote it.
#
# When a version's jars are missing (or with --check), step 3 only checks: every available
# version must reproduce exactly the files MANIFEST attributes to it, byte for byte; the files of
# the missing versions are left as they are, and the output says which versions were not run.
#
# corpus/*.json.gz are copies of /work/shared/data/*.json.gz (the benchmark corpora); pass
# --import-corpus to copy them again from that directory before regenerating.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
GOLD="$ROOT/testdata/golden"

check=
for arg in "$@"; do
  case "$arg" in
    --import-corpus)
      mkdir -p "$GOLD/corpus"
      for f in twitter citm_catalog canada code; do
        cp "/work/shared/data/$f.json.gz" "$GOLD/corpus/$f.json.gz"
      done ;;
    --check) check=--check ;;
    *) echo "usage: regen.sh [--import-corpus] [--check]" >&2; exit 2 ;;
  esac
done

command -v java >/dev/null || { echo "regen.sh: java not found (apt-get install -y default-jdk-headless)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "regen.sh: python3 not found" >&2; exit 1; }

mapfile -t versions < <(bash "$HERE/build.sh" --versions)
all=(2.7.8 2.18.3 2.19)
if [[ ${#versions[@]} -eq 0 ]]; then
  echo "regen.sh: no Jackson version available (see the messages above)" >&2
  exit 1
fi
if [[ ${#versions[@]} -ne ${#all[@]} ]]; then
  check=--check
  echo "regen.sh: running Jackson ${versions[*]} only (of ${all[*]}): checking the files attributed to them, not rewriting testdata/golden" >&2
fi

# What each version's jars must say they are (SmileOracle version).
expect_version() {
  case "$1" in
    2.7.8) echo "jackson-core 2.14.1 jackson-dataformat-smile 2.7.8" ;;
    2.18.3) echo "jackson-core 2.18.3 jackson-dataformat-smile 2.18.3" ;;
    2.19) echo "jackson-core 2.19.0 jackson-dataformat-smile 2.19.0" ;;
  esac
}

TMP="$(mktemp -d -t smile-regen.XXXXXX)"
trap 'rm -rf "$TMP"' EXIT

python3 "$HERE/gen_tokens.py" "$GOLD"

trees=()
for v in "${versions[@]}"; do
  start=$SECONDS
  cls="$TMP/cls-$v"
  bash "$HERE/build.sh" --jackson "$v" "$cls" >/dev/null
  cp="$cls:$(bash "$HERE/build.sh" --jackson "$v" --classpath)"
  oracle() { java -Xss16m -cp "$cp" SmileOracle "$@"; }
  got="$(oracle version)"
  if [[ "$got" != "$(expect_version "$v")" ]]; then
    echo "regen.sh: the jars of Jackson $v say \"$got\", want \"$(expect_version "$v")\"" >&2
    exit 1
  fi
  # A scratch tree whose inputs are links to the real ones; the oracle writes its outputs
  # beside them.
  tree="$TMP/tree-$v"
  for d in tokens json corpus binary spec; do
    mkdir -p "$tree/$d"
  done
  for f in "$GOLD"/tokens/*.tok* "$GOLD"/json/*.json* "$GOLD"/corpus/*.json* "$GOLD"/spec/vectors.json; do
    [[ -e "$f" ]] && ln -s "$f" "$tree/${f#"$GOLD"/}"
  done
  echo "regen.sh: Jackson $v ($got)" >&2
  oracle tokens "$tree/tokens"
  oracle json "$tree/json"
  if compgen -G "$tree/corpus/*.json*" >/dev/null; then
    oracle json "$tree/corpus" default
  fi
  oracle binary "$tree/binary" $(seq 0 200) 1000 4095 4096 65536 65537 250000 250001 300007
  oracle vectors "$tree/spec/vectors.json" "$tree/spec/vectors.jackson.txt"
  echo "regen.sh: Jackson $v done in $((SECONDS - start)) s" >&2
  trees+=("$v=$tree")
done

python3 "$HERE/merge_golden.py" $check "$GOLD" "${trees[@]}"
