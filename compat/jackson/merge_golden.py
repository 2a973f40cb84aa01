#!/usr/bin/env python3
"""Merges the golden outputs of several Jackson versions into testdata/golden (regen.sh step 3).

Usage: merge_golden.py [--check] <testdata/golden> <version>=<tree>...

Each <tree> holds what one Jackson version wrote (the layout of testdata/golden); versions are
given oldest first. A Jackson output is a *.smile or *.smile.gz file or spec/vectors.jackson.txt;
binary/bin-<n>.bin payloads are written by the oracle, not by Jackson, and must be the same in
every tree.

Without --check, every generated output under testdata/golden is replaced: a file that all the
versions write alike is kept once under its plain name; where they disagree, each group of
versions that write the same bytes gets its own file, with the group in the name
(json/g-int64-bounds.default@2.18.3+2.19.smile, spec/vectors.jackson@2.7.8.txt). MANIFEST lists
every output with the versions that wrote it. That needs every version: a version left out would
lose its files.

With --check nothing is written: each version given must reproduce exactly the files MANIFEST
attributes to it (the same set of files, byte for byte), and the payloads must be the ones
committed. Versions MANIFEST names that are not given are reported as not checked.
"""
import os
import re
import sys

MANIFEST = "MANIFEST"
MANIFEST_HEAD = """\
# testdata/golden/MANIFEST: which Jackson version wrote each golden output file.
# Written by compat/jackson/regen.sh (merge_golden.py); do not edit.
# <path> <version>...: every version listed writes exactly these bytes. A plain file name
# means all versions agree; where they disagree each group has its own file, named with
# the group (<name>.<config>@<v>+<v>.smile). Versions (README.md says what differs):
#   2.7.8   Debian 12: jackson-dataformat-smile 2.7.8 on jackson-core 2.14.1-2~deb12u1
#   2.18.3  jackson-core 2.18.3, jackson-dataformat-smile 2.18.3
#   2.19    jackson-core 2.19.0, jackson-dataformat-smile 2.19 (branch, commit 1925ed23)
"""
OUTPUT_DIRS = ("tokens", "json", "corpus", "binary", "spec")
TAG = re.compile(r"@[0-9A-Za-z.+-]+?(?=\.(?:smile|txt)(?:\.gz)?$)")


def is_output(rel):
    return rel.endswith(".smile") or rel.endswith(".smile.gz") or rel == "spec/vectors.jackson.txt"


def is_payload(rel):
    return rel.startswith("binary/") and rel.endswith(".bin")


def logical(rel):
    """The path of an output file without its version tag."""
    return TAG.sub("", rel, count=1)


def tagged(rel, versions):
    m = re.search(r"\.(?:smile|txt)(?:\.gz)?$", rel)
    return rel[:m.start()] + "@" + "+".join(versions) + rel[m.start():]


def scan(tree, want):
    """Regular files (not links) under tree's output dirs for which want(rel) holds: rel -> bytes."""
    out = {}
    for d in OUTPUT_DIRS:
        base = os.path.join(tree, d)
        if not os.path.isdir(base):
            continue
        for name in os.listdir(base):
            p = os.path.join(base, name)
            rel = d + "/" + name
            if os.path.islink(p) or not os.path.isfile(p) or not want(rel):
                continue
            with open(p, "rb") as f:
                out[rel] = f.read()
    return out


def read_manifest(gold):
    entries = {}
    with open(os.path.join(gold, MANIFEST), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 2:
                sys.exit("merge_golden.py: MANIFEST line %d: want <path> <version>..." % n)
            entries[fields[0]] = fields[1:]
    return entries


def merge(gold, trees):
    versions = [v for v, _ in trees]
    outputs = {v: scan(t, is_output) for v, t in trees}
    payloads = {v: scan(t, is_payload) for v, t in trees}
    first = versions[0]
    for v in versions[1:]:
        if set(outputs[v]) != set(outputs[first]):
            diff = sorted(set(outputs[v]) ^ set(outputs[first]))
            sys.exit("merge_golden.py: Jackson %s and %s wrote different sets of files: %s" % (first, v, diff[:5]))
        if payloads[v] != payloads[first]:
            sys.exit("merge_golden.py: the binary payloads of %s and %s differ (they do not depend on Jackson)" % (first, v))

    for d in OUTPUT_DIRS:
        base = os.path.join(gold, d)
        os.makedirs(base, exist_ok=True)
        for name in os.listdir(base):
            rel = d + "/" + name
            if is_output(logical(rel)) or is_payload(rel):
                os.remove(os.path.join(base, name))

    lines = []
    split = 0
    for rel in sorted(outputs[first]):
        groups = []  # [bytes, [versions]] in the order of the oldest version of each group
        for v in versions:
            data = outputs[v][rel]
            for g in groups:
                if g[0] == data:
                    g[1].append(v)
                    break
            else:
                groups.append([data, [v]])
        if len(groups) > 1:
            split += 1
        for data, vs in groups:
            path = rel if len(groups) == 1 else tagged(rel, vs)
            with open(os.path.join(gold, path), "wb") as f:
                f.write(data)
            lines.append("%s %s\n" % (path, " ".join(vs)))
    for rel, data in payloads[first].items():
        with open(os.path.join(gold, rel), "wb") as f:
            f.write(data)
    with open(os.path.join(gold, MANIFEST), "w", encoding="utf-8") as f:
        f.write(MANIFEST_HEAD)
        f.writelines(sorted(lines))
    nfiles = sum(1 for _ in lines)
    print("merge_golden.py: %d outputs of Jackson %s: %d written alike by all, %d differ (%d files); MANIFEST written"
          % (len(outputs[first]), " ".join(versions), len(outputs[first]) - split, split, nfiles - (len(outputs[first]) - split)),
          file=sys.stderr)


def check(gold, trees):
    entries = read_manifest(gold)
    named = []
    for vs in entries.values():
        for v in vs:
            if v not in named:
                named.append(v)
    committed_payloads = scan(gold, is_payload)
    failed = False
    for v, tree in trees:
        if v not in named:
            print("merge_golden.py: MANIFEST attributes no file to Jackson %s" % v, file=sys.stderr)
            failed = True
            continue
        want = {logical(p): p for p, vs in entries.items() if v in vs}
        got = scan(tree, is_output)
        problems = []
        for rel in sorted(set(want) - set(got)):
            problems.append("%s: attributed to %s, which did not write it" % (want[rel], v))
        for rel in sorted(set(got) - set(want)):
            problems.append("%s: written by %s, but MANIFEST attributes no such file to it" % (rel, v))
        for rel in sorted(set(want) & set(got)):
            try:
                with open(os.path.join(gold, want[rel]), "rb") as f:
                    data = f.read()
            except OSError as e:
                problems.append("%s: %s" % (want[rel], e))
                continue
            if data != got[rel]:
                problems.append("%s: Jackson %s writes different bytes" % (want[rel], v))
        if scan(tree, is_payload) != committed_payloads:
            problems.append("binary/*.bin: the payloads differ from the committed ones")
        if problems:
            failed = True
            print("merge_golden.py: FAIL: Jackson %s does not reproduce its %d files (%d problems):" % (v, len(want), len(problems)),
                  file=sys.stderr)
            for p in problems[:20]:
                print("  " + p, file=sys.stderr)
        else:
            print("merge_golden.py: Jackson %s reproduces all %d files MANIFEST attributes to it" % (v, len(want)),
                  file=sys.stderr)
    given = [v for v, _ in trees]
    missing = [v for v in named if v not in given]
    if missing:
        print("merge_golden.py: NOT CHECKED: the files of Jackson %s (not run here)" % " ".join(missing), file=sys.stderr)
    if failed:
        sys.exit(1)


def main():
    args = sys.argv[1:]
    checking = bool(args) and args[0] == "--check"
    if checking:
        args = args[1:]
    if len(args) < 2:
        sys.exit("usage: merge_golden.py [--check] <testdata/golden> <version>=<tree>...")
    gold = args[0]
    trees = []
    for a in args[1:]:
        v, sep, t = a.partition("=")
        if not sep:
            sys.exit("merge_golden.py: want <version>=<tree>, got %r" % a)
        trees.append((v, t))
    if checking:
        check(gold, trees)
    else:
        merge(gold, trees)


if __name__ == "__main__":
    main()
