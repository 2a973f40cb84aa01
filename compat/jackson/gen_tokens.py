#!/usr/bin/env python3
"""Writes the generated golden INPUTS under testdata/golden/ (token scripts and synthetic JSON).

Usage: gen_tokens.py <testdata/golden dir>

Deterministic: running it twice writes identical files. Inputs larger than 16 KiB are
written gzipped (<name>.gz, mtime 0) and the plain variant is removed (and vice versa).
Hand-written inputs (realistic JSON documents) live in testdata/golden/json/ directly and are
not touched by this script; every file this script writes starts with "g-" in json/ so the two
sets can never clash. The Jackson outputs (*.smile) are produced afterwards by SmileOracle.
"""
import gzip
import io
import json
import os
import struct
import sys

GZ_THRESHOLD = 16 * 1024


def write(path, text):
    data = text.encode("utf-8")
    plain, gz = path, path + ".gz"
    for p in (plain, gz):
        if os.path.exists(p):
            os.remove(p)
    if len(data) > GZ_THRESHOLD:
        buf = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as z:
            z.write(data)
        with open(gz, "wb") as f:
            f.write(buf.getvalue())
    else:
        with open(plain, "wb") as f:
            f.write(data)


def jstr(s):
    """JSON string literal, ASCII-only (non-ASCII as \\uXXXX, surrogate pairs for astral)."""
    return json.dumps(s, ensure_ascii=True)


def jstr_utf8(s):
    return json.dumps(s, ensure_ascii=False)


def f32(x):
    return "float %08X" % struct.unpack(">I", struct.pack(">f", x))[0]


def f64(x):
    return "double %016X" % struct.unpack(">Q", struct.pack(">d", x))[0]


class Script:
    def __init__(self, comment):
        self.lines = ["# " + c for c in comment.split("\n")]

    def add(self, *lines):
        self.lines.extend(lines)
        return self

    def text(self):
        return "\n".join(self.lines) + "\n"


def cycle_text(unit_chars, nbytes, filler="a"):
    """A string of exactly nbytes UTF-8 bytes: cycles through unit_chars (all the same byte
    width), then pads with ASCII filler."""
    out = []
    size = 0
    w = len(unit_chars[0].encode("utf-8"))
    i = 0
    while size + w <= nbytes:
        out.append(unit_chars[i % len(unit_chars)])
        size += w
        i += 1
    out.append(filler * (nbytes - size))
    s = "".join(out)
    assert len(s.encode("utf-8")) == nbytes
    return s


ASCII_UNITS = [chr(c) for c in range(0x20, 0x7F)]
TWO_UNITS = ["é", "ö", "ß", "Ж", "ñ", "Ω", "ç", "ü"]
THREE_UNITS = ["€", "中", "文", "あ", "한", "ア", "₿", "✓"]
FOUR_UNITS = ["😀", "𝄞", "🚀", "𠀀", "🎉", "🙂"]

LENGTHS = [0, 1, 2, 32, 33, 34, 64, 65, 66, 100, 1000, 70000]


def texts_for(units, lengths):
    out = []
    for n in lengths:
        out.append(cycle_text(units, n))
    return out


def tokens(d):
    os.makedirs(d, exist_ok=True)

    def put(name, script):
        write(os.path.join(d, name + ".tok"), script.text())

    # ---- scalars
    for lit in ("null", "true", "false"):
        put("lit-" + lit, Script("a single root %s" % lit).add(lit))
    put("literals", Script("null, true, false inside an array").add("[", "null", "true", "false", "]"))

    ints = [0, 1, -1, 15, -16, 16, -17, 31, 32, -32, -33, 63, 64, 255, -999, 4095, -4096, 4096,
            500000, 2**31 - 1, -2**31, 2**31, -2**31 - 1, 2**40, 2**63 - 1, -2**63]
    s = Script("ints as one array (writeNumber(long)); Jackson uses the int rule when the value fits")
    s.add("[", *["int %d" % v for v in ints], "]")
    put("ints", s)
    s = Script("the same ints as a root-level sequence (one generator)")
    s.add(*["int %d" % v for v in ints])
    put("ints-root", s)

    bigints = [0, 1, -1, 127, 128, -128, -129, 255, 256, 2**63 - 1, 2**63, 2**64, -2**64, -(2**64 - 1),
               1234567890123456789012345678901234567890, -1234567890123456789012345678901234567890,
               10**18]
    s = Script("writeNumber(BigInteger): always token 26, even for small values")
    s.add("[", *["bigint %d" % v for v in bigints], "]")
    put("bigints", s)

    floats = ["float %08X" % b for b in (
        0x41EF9BA6, 0xC1EF9BA6, 0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x42C88000, 0xC2C88000,
        0x7FC00000, 0x7F800000, 0xFF800000, 0x00000001, 0x7F7FFFFF, 0x80000001, 0xFF7FFFFF, 0x3DCCCCCD)]
    s = Script("writeNumber(float) from raw bits: 29.951 -29.951 0 -0 1 -1 100.25 -100.25 NaN +Inf -Inf\n"
               "min subnormal, max float, -min subnormal, -max float, 0.1f.\n"
               "Jackson 2.18 and earlier shift arithmetically: negative floats get first byte 78..7F;\n"
               "2.19 (jackson-dataformats-binary #300) writes 08..0F, as the specification says")
    s.add("[", *floats, "]")
    put("floats", s)

    doubles = ["double %016X" % b for b in (
        0x403DF374BC6A7EFA, 0xC03DF374BC6A7EFA, 0x3FC0000000000000, 0x3FF0000000000000, 0x8000000000000000,
        0x0000000000000000, 0x400C000000000000, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000,
        0x7FEFFFFFFFFFFFFF, 0x0000000000000001, 0x3FB999999999999A, 0x8000000000000001, 0xFFEFFFFFFFFFFFFF,
        0x7FF8000000000001)]
    s = Script("writeNumber(double) from raw bits: 29.951 -29.951 0.125 1 -0 0 3.5 NaN +Inf -Inf MaxFloat64\n"
               "min subnormal, 0.1, -min subnormal, -MaxFloat64, Go's math.NaN() bits (7FF8000000000001)")
    s.add("[", *doubles, "]")
    put("doubles", s)

    bigdecs = [(15, 1), (0, 0), (0, 1), (123, 0), (1, -3), (-1, 3), (-10025, 2), (-5000000000125, 11),
               (1234567890123456789012345678901234567890, 20), (5, -100), (-7, 1000)]
    s = Script("writeNumber(BigDecimal(unscaled, scale)): 1.5 0 0.0 123 1E+3 -0.001 -100.25 -50.00000000125 ...")
    s.add("[", *["bigdec %d %d" % v for v in bigdecs], "]")
    put("bigdecs", s)

    bins = []
    for n in list(range(0, 21)) + [100]:
        bins.append("bin " + bytes((i * 37 + n * 11 + 1) & 0xFF for i in range(n)).hex().upper())
    bins.append("bin 010203")
    bins.append("bin DEADBEEF")
    bins.append("bin FFFFFFFFFFFF")
    bins.append("bin 010203FF08002A")
    s = Script("writeBinary of lengths 0..20 and 100 (bytes (i*37 + n*11 + 1) & 0xFF), then digest examples\n"
               "7-bit (E8) by default; raw (FD) under rawbinary")
    s.add("[", *bins, "]")
    put("binary-short", s)

    # ---- strings
    def str_script(name, comment, values):
        s = Script(comment)
        s.add("[", *["str " + jstr(v) for v in values], "]")
        put(name, s)

    short = [n for n in LENGTHS if n != 70000]
    str_script("str-ascii", "ASCII string values of byte lengths %s" % short, texts_for(ASCII_UNITS, short))
    for name, units in (("2byte", TWO_UNITS), ("3byte", THREE_UNITS), ("4byte", FOUR_UNITS)):
        ls = [n for n in short if n >= 1]
        str_script("str-" + name,
                   "%s UTF-8 string values of byte lengths %s (cycled chars, padded with 'a')" % (name, ls),
                   texts_for(units, ls))
    str_script("str-boundaries", "é×16+a (33 B), é×17 (34 B), é×32 (64 B), é×32+a (65 B), é×33 (66 B), ö, €, 😀, "
               "é×16 (32 B), a+é×16 (33 B)",
               ["é" * 16 + "a", "é" * 17, "é" * 32, "é" * 32 + "a", "é" * 33, "ö", "€", "😀", "é" * 16,
                "a" + "é" * 16])
    str_script("str-long", "70000-byte string values: ASCII, 2-, 3-, 4-byte UTF-8",
               [cycle_text(u, 70000) for u in (ASCII_UNITS, TWO_UNITS, THREE_UNITS, FOUR_UNITS)])
    str_script("str-escapes", "strings with control characters, quotes, surrogate pairs, NUL",
               ["\n\t\"\\/\b\f\r", "\u0000\u001f\u007f", "\U0001F600", "a\U0001D11Eb", "\uFFFF\uFEFF", "Zoë"])

    # ---- keys
    def key_script(name, comment, keys):
        s = Script(comment + "\ntwo objects with the same keys (the second refers back under shared names)")
        s.add("[")
        for rep in (1, 2):
            s.add("{")
            for i, k in enumerate(keys):
                s.add("key " + jstr(k), "int %d" % ((i + rep) % 16))
            s.add("}")
        s.add("]")
        put(name, s)

    key_script("keys-ascii", "ASCII names of byte lengths 0,1,2,32,33,63,64,65,66,100,1000",
               texts_for(ASCII_UNITS, [0, 1, 2, 32, 33, 63, 64, 65, 66, 100, 1000]))
    key_script("keys-unicode", "non-ASCII names: é, é×28 (56 B), é×28+a (57 B), é×32 (64 B), é×32+a, ö, €, 😀, "
               "€×18+aa (56 B), 😀×14 (56 B), 😀×14+a (57 B), 2/3/4-byte 1000-byte names",
               ["é", "é" * 28, "é" * 28 + "a", "é" * 32, "é" * 32 + "a", "ö", "€", "😀", "€" * 18 + "aa",
                "😀" * 14, "😀" * 14 + "a", cycle_text(TWO_UNITS, 1000), cycle_text(THREE_UNITS, 1000),
                cycle_text(FOUR_UNITS, 1000)])
    key_script("keys-long", "70000-byte names: ASCII and 2-byte UTF-8",
               [cycle_text(ASCII_UNITS, 70000), cycle_text(TWO_UNITS, 70000)])

    # ---- shared tables
    def names_script(n):
        s = Script("object with %d distinct names f_0..f_%d, then a second object repeating them" % (n, n - 1))
        s.add("[")
        for rep in (0, 1):
            s.add("{")
            for i in range(n):
                s.add('key "f_%d"' % i, "int %d" % ((i + rep) % 16))
            s.add("}")
        s.add("]")
        put("names%d" % n, s)

    def values_script(n):
        s = Script("array of %d distinct string values f_0..f_%d, then the same again "
                   "(shared only under sharedvalues)" % (n, n - 1))
        s.add("[")
        for rep in (0, 1):
            for i in range(n):
                s.add('str "f_%d"' % i)
        s.add("]")
        put("values%d" % n, s)

    for n in (64, 65, 300, 1024, 1025, 2100):
        names_script(n)
        values_script(n)

    put("name65-twice", Script("[{k×65:1},{k×65:2}]: a long (34) name is shared too").add(
        "[", "{", "key " + jstr("k" * 65), "int 1", "}", "{", "key " + jstr("k" * 65), "int 2", "}", "]"))
    put("keyvalue-twice", Script('[{"key":"value"},{"key":"value"}]').add(
        "[", "{", 'key "key"', 'str "value"', "}", "{", 'key "key"', 'str "value"', "}", "]"))
    put("abc-twice", Script('[{"abc":1},{"abc":2}]').add(
        "[", "{", 'key "abc"', "int 1", "}", "{", 'key "abc"', "int 2", "}", "]"))
    put("empty-key-nested", Script('{"foo":{"":"bar"}}').add(
        "{", 'key "foo"', "{", 'key ""', 'str "bar"', "}", "}"))
    vals = ["a" * 64, "a" * 65, "é" * 32, "é" * 32 + "a", "x", "", "é" * 16 + "a"]
    s = Script("strings of 64/65 bytes (ASCII and 2-byte), 1 byte, empty, each written three times;\n"
               "only 1..64-byte values are shared")
    s.add("[")
    for _ in range(3):
        s.add(*["str " + jstr(v) for v in vals])
    s.add("]")
    put("values-64-65", s)
    s = Script("names and string values with the same text use separate tables")
    s.add("[", "{", 'key "same"', 'str "same"', "}", "{", 'key "same"', 'str "same"', "}", "]")
    put("names-vs-values", s)

    # ---- documents
    put("roots-1-2", Script("two root values written by one generator (root-level sequence)").add("int 1", "int 2"))
    put("two-docs", Script("{} then a new generator on the same output writing []").add("{", "}", "---", "[", "]"))
    put("two-docs-names", Script('{"a":1} --- {"a":2}: the second generator starts with fresh tables').add(
        "{", 'key "a"', "int 1", "}", "---", "{", 'key "a"', "int 2", "}"))
    put("three-docs-values", Script('["v","v"] --- ["v"] --- "v": fresh value tables per document').add(
        "[", 'str "v"', 'str "v"', "]", "---", "[", 'str "v"', "]", "---", 'str "v"'))
    put("nested-arrays-200", Script("200 nested arrays around 1").add(*(["["] * 200), "int 1", *(["]"] * 200)))
    s = Script('200 nested objects {"a":{"a":...{"a":1}}}')
    for _ in range(200):
        s.add("{", 'key "a"')
    s.add("int 1", *(["}"] * 200))
    put("nested-objects-200", s)
    s = Script("alternating object/array nesting, depth 200, distinct names per level")
    for i in range(100):
        s.add("{", 'key "l%d"' % i, "[")
    s.add("null")
    for i in range(100):
        s.add("]", "}")
    put("nested-mixed-200", s)
    s = Script("one of everything in an object, for a quick smoke test")
    s.add("{", 'key "null"', "null", 'key "t"', "true", 'key "f"', "false", 'key "i"', "int 42",
          'key "l"', "int 1099511627776", 'key "bi"', "bigint 18446744073709551616", 'key "fl"', "float 41EF9BA6",
          'key "d"', "double 403DF374BC6A7EFA", 'key "bd"', "bigdec -10025 2", 'key "b"', "bin 01020304",
          'key "s"', 'str "hello"', 'key "u"', 'str "Zo\\u00eb"', 'key "arr"', "[", "int 1", 'str "hello"', "]",
          'key "obj"', "{", 'key "i"', "int 7", 'key "s"', 'str "hello"', "}", "}")
    put("everything", s)


def gen_json(d):
    os.makedirs(d, exist_ok=True)

    def put(name, text):
        write(os.path.join(d, "g-" + name + ".json"), text)

    def dump(v):
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))

    def arr(items):
        return "[" + ",".join(items) + "]"

    put("ints-small", arr(str(i) for i in range(-16, 16)))
    put("ints-bytes", arr(str(v) for v in (-129, -128, 127, 128, 255, 256, -32769, -32768, 32767, 32768, 65535,
                                           65536, 16, -17, 31, 32, 4095, -4096, 4096, 500000, -999)))
    put("int32-bounds", arr(str(v) for v in (2**31 - 1, -2**31, 2**31, -2**31 - 1, 2**31 - 2, -2**31 + 1)))
    put("int64-bounds", arr(str(v) for v in (2**63 - 1, -2**63, 2**63 - 2, -2**63 + 1, 2**40, -2**40, 2**32)))
    put("beyond-int64", arr(str(v) for v in (2**63, -2**63 - 1, 2**64 - 1, 2**64, -2**64,
                                             10**39, -10**39 - 7, 10**100 + 1, 12345678901234567890)))
    pw = []
    for k in range(0, 66):
        for v in (2**k - 1, 2**k, -(2**k), -(2**k) - 1):
            pw.append(str(v))
    put("powers-of-two", arr(pw))
    # zigzag values at the VInt byte boundaries (6, 13, 20, 27, 34, ... bits)
    vb = []
    for bits in (6, 13, 20, 27, 34, 41, 48, 55, 62):
        z = 2**bits
        for zz in (z - 1, z):
            vb.append(str(zz >> 1 if zz % 2 == 0 else -((zz + 1) >> 1)))
    put("vint-boundaries", arr(vb))
    put("decimals", "[0.0,-0.0,1.5,-1.5,0.1,0.2,0.3,3.14159,2.718281828459045,100.25,-100.25,29.951,-29.951,"
        "0.125,1.0,-1.0,123.456,0.5,1e0]")
    put("exponents", "[1e0,1E2,1e-2,-1e10,1.5e300,1e-300,5e-324,4.9e-324,2.2250738585072014E-308,"
        "1.7976931348623157e308,1E+2,1e+0,-0e0,0E0,6.02214076e23,-1.602176634e-19]")
    put("exp-overflow", "[1e400,-1e400,1e-400,-1e-400,2.4703282292062328e-324]")
    put("long-decimals", "[0.1000000000000000055511151231257827021181583404541015625,"
        "123456789012345678901234567890.5,3.14159265358979323846264338327950288419716939937510,"
        "-0.000000000000000000000000000001,9007199254740993.0,9007199254740993,0.30000000000000004]")
    put("ints-as-float", "[1.0,2.0,-0.0,0e0,1E+2,1e-0,100.000,-5.0]")
    put("neg-zero", "[-0,0,-0.0,0.0,-0e0]")

    for name, units in (("ascii", ASCII_UNITS), ("2byte", TWO_UNITS), ("3byte", THREE_UNITS),
                        ("4byte", FOUR_UNITS)):
        ls = [n for n in LENGTHS if n != 70000 and (name == "ascii" or n > 0)]
        put("str-" + name, dump(texts_for(units, ls)))
        put("str-" + name + "-70000", dump([cycle_text(units, 70000)]))
        keys = texts_for(units, [n for n in (0, 1, 2, 32, 33, 56, 57, 63, 64, 65, 66, 100, 1000)
                                 if name == "ascii" or n > 0])
        obj = "{" + ",".join("%s:%d" % (dump(k), i) for i, k in enumerate(keys)) + "}"
        put("keys-" + name, "[" + obj + "," + obj + "]")
    put("str-boundaries", dump(["é" * 16 + "a", "é" * 17, "é" * 32, "é" * 32 + "a", "ö", "€", "😀",
                                "a" * 32, "a" * 33, "a" * 64, "a" * 65]))
    put("str-escapes", '["\\n\\t\\"\\\\\\/\\b\\f\\r","\\u0000\\u001f\\u007f","\\ud83d\\ude00",'
        '"a\\uD834\\uDD1Eb","\\uffff\\ufeff","Zo\\u00eb","\\u00e9t\\u00e9"]')
    put("keys-empty-long", dump({"": 1, "a": 2, "k" * 64: 3, "k" * 65: 4, "é": 5, "é" * 28: 6, "é" * 28 + "a": 7,
                                 "x" * 1000: 8, "nested": {"": {"": None}}}))

    def many_keys(n):
        obj = "{" + ",".join('"key%d":%d' % (i, i % 100) for i in range(n)) + "}"
        return "[" + obj + "," + obj + "]"
    for n in (65, 300, 1025, 2100):
        put("obj-%d-keys" % n, many_keys(n))
    put("values-repeated", dump(["val%d" % (i % 20) for i in range(500)]))
    put("values-1100-distinct", dump(["s%d" % i for i in range(1100)] + ["s%d" % i for i in range(1100)]))
    put("values-64-65-repeated", dump(["b" * 64, "b" * 65, "é" * 32, "é" * 32 + "b"] * 5))
    put("names-values-mixed", dump([{"id": i, "type": ["a", "b", "c"][i % 3], "tag": "t%d" % (i % 7)}
                                    for i in range(200)]))
    put("depth200-arrays", "[" * 200 + "1" + "]" * 200)
    put("depth200-objects", '{"a":' * 200 + "1" + "}" * 200)
    put("depth200-mixed", '{"x":[' * 100 + "null" + "]}" * 100)
    put("root-int", "42")
    put("root-string", '"str"')
    put("root-null", "null")
    put("root-true", "true")
    put("root-float", "-1.5")
    put("root-bigint", "123456789012345678901234567890")
    put("root-empty-array", "[]")
    put("root-empty-object", "{}")
    put("roots-sequence", "1 2 3\n\"a\"\n{\"a\":1}\n[true]\n{\"a\":2}\n")
    put("roots-objects-shared", "\n".join(dump({"name": "n%d" % i, "value": i, "ok": i % 2 == 0})
                                          for i in range(50)) + "\n")
    put("unicode-scripts", dump({"ru": "Привет, мир", "zh": "你好，世界", "ar": "مرحبا بالعالم", "hi": "नमस्ते दुनिया",
                                 "emoji": "👍🏽🎉🇫🇷", "ja": "こんにちは", "el": "Γειά σου Κόσμε",
                                 "ключ": "значение", "键": "值", "🔑": "🔒"}))
    put("sparse-nulls", dump([None if i % 3 else {"v": None, "w": [None, None]} for i in range(100)]))
    mat = [[round((i * 7 + j * 13) % 101 / 7.0, 6) for j in range(20)] for i in range(20)]
    put("float-matrix", dump(mat))
    put("mixed-array", dump([1, "two", 3.0, None, True, False, {"six": 6}, [7], -8, 9.5e10, "", {}, []]))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_tokens.py <testdata/golden dir>")
    root = sys.argv[1]
    tokens(os.path.join(root, "tokens"))
    gen_json(os.path.join(root, "json"))


if __name__ == "__main__":
    main()
