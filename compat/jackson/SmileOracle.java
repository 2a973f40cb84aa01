// SmileOracle: drives the real Jackson Smile generator/parser to produce the golden
// vectors that go-smile is tested against. Written for go-smile; see
// compat/jackson/regen.sh and testdata/golden/README.md.
//
// Built by build.sh against the jars of one Jackson version (Debian 12's 2.7.8 on jackson-core
// 2.14.1, or 2.18.3, or 2.19); it uses only API that all of them have.
//
// Subcommands:
//   version                      print "jackson-core <v> jackson-dataformat-smile <v>" (the jars' own
//                                PackageVersion), so that regen.sh can check which Jackson it runs
//   tokens <dir>                 every <name>.tok[.gz] -> <name>.<config>.smile[.gz] for all CONFIGS
//   json <dir> [config...]       every <name>.json[.gz] -> <name>.<config>.smile[.gz]
//                                (default: all CONFIGS) via JsonParser + copyCurrentEvent
//   binary <dir> <len>...        bin-<len>.bin, bin-<len>.7bit.smile, bin-<len>.raw.smile
//   tojson <in.smile> [--no-require-header]
//                                decode with SmileParser, print compact JSON (one root value per line)
//   tojson-dir (<indir> <outdir> [--no-require-header])...
//                                the same for every <name>.smile[.gz] of each indir -> outdir/<name>.json
//   vectors <vectors.json> <out.txt>
//                                run every vector's tokens under its config and record Jackson's bytes
//
// Outputs larger than 16 KiB written by `tokens` and `json` are stored gzipped (<file>.gz, mtime 0);
// `binary` never gzips. Inputs may be plain or gzipped.

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.fasterxml.jackson.dataformat.smile.SmileParser;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

public final class SmileOracle {
    static final String[] CONFIGS = {"default", "sharedvalues", "nosharednames", "noheader", "endmarker", "rawbinary"};
    static final int GZIP_THRESHOLD = 16 * 1024;
    static final JsonFactory JSON = new JsonFactory();

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("version")) {
            System.out.println("jackson-core " + JSON.version().toString()
                    + " jackson-dataformat-smile " + new SmileFactory().version().toString());
            return;
        }
        if (args.length < 2) {
            usage();
        }
        switch (args[0]) {
            case "tokens":
                cmdTokens(new File(args[1]));
                break;
            case "json": {
                String[] cfgs = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : CONFIGS;
                cmdJson(new File(args[1]), cfgs);
                break;
            }
            case "binary": {
                File dir = new File(args[1]);
                for (int i = 2; i < args.length; i++) {
                    cmdBinary(dir, Integer.parseInt(args[i]));
                }
                break;
            }
            case "tojson": {
                boolean requireHeader = true;
                for (int i = 2; i < args.length; i++) {
                    if (args[i].equals("--no-require-header")) {
                        requireHeader = false;
                    } else {
                        usage();
                    }
                }
                System.exit(cmdToJSON(new File(args[1]), requireHeader));
                break;
            }
            case "tojson-dir": {
                // One or more <indir> <outdir> [--no-require-header] groups, in one JVM.
                int i = 1;
                while (i < args.length) {
                    if (i + 1 >= args.length) {
                        usage();
                    }
                    File in = new File(args[i]);
                    File out = new File(args[i + 1]);
                    i += 2;
                    boolean requireHeader = true;
                    if (i < args.length && args[i].equals("--no-require-header")) {
                        requireHeader = false;
                        i++;
                    }
                    cmdToJSONDir(in, out, requireHeader);
                }
                break;
            }
            case "vectors":
                if (args.length != 3) {
                    usage();
                }
                cmdVectors(new File(args[1]), new File(args[2]));
                break;
            default:
                usage();
        }
    }

    static void usage() {
        System.err.println("usage: SmileOracle version | tokens <dir> | json <dir> [config...] | binary <dir> <len>... |"
                + " tojson <in.smile> [--no-require-header] | tojson-dir (<indir> <outdir> [--no-require-header])... |"
                + " vectors <vectors.json> <out.txt>");
        System.exit(2);
    }

    // ---- configuration -------------------------------------------------------------------

    /** A factory for a config name; names may be joined with '+', e.g. "noheader+nosharednames". */
    static SmileFactory factory(String config) {
        SmileFactory f = new SmileFactory();
        f.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        // Jackson defaults, set explicitly.
        f.configure(SmileGenerator.Feature.WRITE_HEADER, true);
        f.configure(SmileGenerator.Feature.WRITE_END_MARKER, false);
        f.configure(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT, true);
        f.configure(SmileGenerator.Feature.CHECK_SHARED_NAMES, true);
        f.configure(SmileGenerator.Feature.CHECK_SHARED_STRING_VALUES, false);
        for (String c : config.split("\\+")) {
            switch (c) {
                case "default":
                    break;
                case "sharedvalues":
                    f.configure(SmileGenerator.Feature.CHECK_SHARED_STRING_VALUES, true);
                    break;
                case "nosharednames":
                    f.configure(SmileGenerator.Feature.CHECK_SHARED_NAMES, false);
                    break;
                case "noheader":
                    f.configure(SmileGenerator.Feature.WRITE_HEADER, false);
                    break;
                case "endmarker":
                    f.configure(SmileGenerator.Feature.WRITE_END_MARKER, true);
                    break;
                case "rawbinary":
                    f.configure(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT, false);
                    break;
                default:
                    throw new IllegalArgumentException("unknown config " + c);
            }
        }
        return f;
    }

    // ---- file helpers --------------------------------------------------------------------

    static byte[] readMaybeGz(File f) throws IOException {
        byte[] b = Files.readAllBytes(f.toPath());
        if (f.getName().endsWith(".gz")) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
                return in.readAllBytes();
            }
        }
        return b;
    }

    /** Writes data to dir/name, or gzipped to dir/name.gz when allowed and larger than the threshold. */
    static void writeOut(File dir, String name, byte[] data, boolean allowGz) throws IOException {
        File plain = new File(dir, name);
        File gz = new File(dir, name + ".gz");
        Files.deleteIfExists(plain.toPath());
        Files.deleteIfExists(gz.toPath());
        if (allowGz && data.length > GZIP_THRESHOLD) {
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            // java.util.zip writes a fixed header (mtime 0), so output is deterministic.
            try (GZIPOutputStream zo = new GZIPOutputStream(bo)) {
                zo.write(data);
            }
            Files.write(gz.toPath(), bo.toByteArray());
        } else {
            Files.write(plain.toPath(), data);
        }
    }

    /** Input files in dir ending with ext or ext+".gz", sorted by name. Returns {baseName, file} pairs. */
    static List<Object[]> inputs(File dir, String ext) {
        String[] names = dir.list();
        if (names == null) {
            throw new IllegalArgumentException("not a directory: " + dir);
        }
        Arrays.sort(names);
        List<Object[]> out = new ArrayList<>();
        for (String n : names) {
            String base = null;
            if (n.endsWith(ext)) {
                base = n.substring(0, n.length() - ext.length());
            } else if (n.endsWith(ext + ".gz")) {
                base = n.substring(0, n.length() - ext.length() - 3);
            }
            if (base != null) {
                out.add(new Object[] {base, new File(dir, n)});
            }
        }
        return out;
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length * 3);
        for (int i = 0; i < b.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(String.format("%02X", b[i] & 0xFF));
        }
        return sb.toString();
    }

    static byte[] unhex(String s) {
        s = s.replace(" ", "");
        if (s.length() % 2 != 0) {
            throw new IllegalArgumentException("odd hex length: " + s);
        }
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    // ---- token scripts -------------------------------------------------------------------

    static List<String> scriptLines(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            out.add(t);
        }
        return out;
    }

    static String jsonString(String literal) throws IOException {
        try (JsonParser p = JSON.createParser(literal)) {
            if (p.nextToken() != JsonToken.VALUE_STRING) {
                throw new IOException("not a JSON string literal: " + literal);
            }
            String s = p.getText();
            if (p.nextToken() != null) {
                throw new IOException("trailing data after JSON string literal: " + literal);
            }
            return s;
        }
    }

    static byte[] runScript(List<String> lines, String config) throws IOException {
        SmileFactory f = factory(config);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SmileGenerator g = f.createGenerator(out);
        int lineNo = 0;
        for (String line : lines) {
            lineNo++;
            int sp = line.indexOf(' ');
            String cmd = sp < 0 ? line : line.substring(0, sp);
            String arg = sp < 0 ? "" : line.substring(sp + 1).trim();
            try {
                switch (cmd) {
                    case "{":
                        g.writeStartObject();
                        break;
                    case "}":
                        g.writeEndObject();
                        break;
                    case "[":
                        g.writeStartArray();
                        break;
                    case "]":
                        g.writeEndArray();
                        break;
                    case "key":
                        g.writeFieldName(jsonString(arg));
                        break;
                    case "str":
                        g.writeString(jsonString(arg));
                        break;
                    case "int":
                        g.writeNumber(Long.parseLong(arg));
                        break;
                    case "bigint":
                        g.writeNumber(new BigInteger(arg));
                        break;
                    case "float":
                        if (arg.length() != 8) {
                            throw new IOException("float needs 8 hex digits");
                        }
                        g.writeNumber(Float.intBitsToFloat((int) Long.parseLong(arg, 16)));
                        break;
                    case "double":
                        if (arg.length() != 16) {
                            throw new IOException("double needs 16 hex digits");
                        }
                        g.writeNumber(Double.longBitsToDouble(Long.parseUnsignedLong(arg, 16)));
                        break;
                    case "bigdec": {
                        String[] parts = arg.split("\\s+");
                        if (parts.length != 2) {
                            throw new IOException("bigdec needs <unscaled> <scale>");
                        }
                        g.writeNumber(new BigDecimal(new BigInteger(parts[0]), Integer.parseInt(parts[1])));
                        break;
                    }
                    case "bin":
                        g.writeBinary(unhex(arg));
                        break;
                    case "null":
                        g.writeNull();
                        break;
                    case "true":
                        g.writeBoolean(true);
                        break;
                    case "false":
                        g.writeBoolean(false);
                        break;
                    case "---":
                        g.close();
                        g = f.createGenerator(out);
                        break;
                    default:
                        throw new IOException("unknown token command: " + cmd);
                }
            } catch (IOException | RuntimeException e) {
                throw new IOException("token " + lineNo + " (" + abbreviate(line) + "): " + e, e);
            }
        }
        g.close();
        return out.toByteArray();
    }

    static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }

    static void cmdTokens(File dir) throws IOException {
        int n = 0;
        for (Object[] in : inputs(dir, ".tok")) {
            String base = (String) in[0];
            List<String> lines = scriptLines(new String(readMaybeGz((File) in[1]), StandardCharsets.UTF_8));
            for (String cfg : CONFIGS) {
                byte[] out;
                try {
                    out = runScript(lines, cfg);
                } catch (IOException e) {
                    throw new IOException(base + ".tok [" + cfg + "]: " + e.getMessage(), e);
                }
                writeOut(dir, base + "." + cfg + ".smile", out, true);
            }
            n++;
        }
        System.err.println("tokens: " + n + " scripts in " + dir);
    }

    // ---- JSON -> Smile via copyCurrentEvent ----------------------------------------------

    static byte[] jsonToSmile(byte[] json, String config) throws IOException {
        SmileFactory f = factory(config);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonParser p = JSON.createParser(json); SmileGenerator g = f.createGenerator(out)) {
            while (p.nextToken() != null) {
                g.copyCurrentEvent(p);
            }
        }
        return out.toByteArray();
    }

    static void cmdJson(File dir, String[] configs) throws IOException {
        int n = 0;
        for (Object[] in : inputs(dir, ".json")) {
            String base = (String) in[0];
            byte[] json = readMaybeGz((File) in[1]);
            for (String cfg : configs) {
                byte[] out;
                try {
                    out = jsonToSmile(json, cfg);
                } catch (IOException e) {
                    throw new IOException(base + ".json [" + cfg + "]: " + e.getMessage(), e);
                }
                writeOut(dir, base + "." + cfg + ".smile", out, true);
            }
            n++;
        }
        System.err.println("json: " + n + " documents in " + dir);
    }

    // ---- binary payloads -----------------------------------------------------------------

    /**
     * Deterministic payload: xorshift64 (13, 7, 17) with state seeded as
     * 0x9E3779B97F4A7C15 ^ len; for each byte the state is advanced once and the byte is
     * bits 32..39 of the new state, i.e. (byte)(x >>> 32).
     */
    static byte[] payload(int len) {
        long x = 0x9E3779B97F4A7C15L ^ (long) len;
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            b[i] = (byte) (x >>> 32);
        }
        return b;
    }

    static byte[] binaryDoc(byte[] data, String config) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SmileGenerator g = factory(config).createGenerator(out)) {
            g.writeBinary(data);
        }
        return out.toByteArray();
    }

    static void cmdBinary(File dir, int len) throws IOException {
        byte[] p = payload(len);
        writeOut(dir, "bin-" + len + ".bin", p, false);
        writeOut(dir, "bin-" + len + ".7bit.smile", binaryDoc(p, "default"), false);
        writeOut(dir, "bin-" + len + ".raw.smile", binaryDoc(p, "rawbinary"), false);
    }

    // ---- Smile -> JSON -------------------------------------------------------------------

    static int cmdToJSON(File in, boolean requireHeader) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = smileToJSON(readMaybeGz(in), requireHeader, out);
        System.out.write(out.toByteArray());
        System.out.flush();
        return rc;
    }

    /**
     * Decodes every <name>.smile (or .smile.gz) in indir with Jackson and writes
     * outdir/<name>.json: one JSON value per line, or, when Jackson fails, a first line
     * "ERROR: <exception>" after the values decoded before the failure. One JVM run for the
     * whole directory.
     */
    static void cmdToJSONDir(File indir, File outdir, boolean requireHeader) throws IOException {
        outdir.mkdirs();
        File[] files = indir.listFiles();
        Arrays.sort(files);
        int n = 0, failed = 0;
        for (File f : files) {
            String name = f.getName();
            String base;
            if (name.endsWith(".smile")) {
                base = name.substring(0, name.length() - ".smile".length());
            } else if (name.endsWith(".smile.gz")) {
                base = name.substring(0, name.length() - ".smile.gz".length());
            } else {
                continue;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (smileToJSON(readMaybeGz(f), requireHeader, out) != 0) {
                failed++;
            }
            Files.write(new File(outdir, base + ".json").toPath(), out.toByteArray());
            n++;
        }
        System.err.println("tojson-dir: " + n + " files, " + failed + " failed");
    }

    /** Decodes Smile data to JSON text, one root value per line; returns 1 when Jackson fails. */
    static int smileToJSON(byte[] data, boolean requireHeader, ByteArrayOutputStream out) throws IOException {
        SmileFactory sf = new SmileFactory();
        sf.configure(SmileParser.Feature.REQUIRE_HEADER, requireHeader);
        int rc = 0;
        JsonGenerator g = JSON.createGenerator(out);
        g.setRootValueSeparator(new SerializedString("\n"));
        try (SmileParser p = sf.createParser(data)) {
            while (true) {
                JsonToken t = p.nextToken();
                if (t == null) {
                    // End of a document (FF or header boundary) or end of input: try once more.
                    t = p.nextToken();
                    if (t == null) {
                        break;
                    }
                }
                if (t == JsonToken.VALUE_EMBEDDED_OBJECT && p.getEmbeddedObject() instanceof byte[]) {
                    g.writeBinary((byte[]) p.getEmbeddedObject());
                } else {
                    g.copyCurrentEvent(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            g.flush();
            out.write('\n');
            out.write(("ERROR: " + e.getClass().getName() + ": " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
            rc = 1;
        }
        g.flush();
        if (rc == 0) {
            g.close();
        }
        out.write('\n');
        return rc;
    }

    // ---- spec vectors --------------------------------------------------------------------

    /**
     * Reads the vectors JSON (array of objects), runs each vector's tokens under its config and
     * writes one line per vector: MATCH when this Jackson writes the vector's bytes, else DIFF
     * (a vector's "jackson" field, which names the versions that write it, is for the Go tests).
     */
    static void cmdVectors(File file, File outFile) throws IOException {
        StringBuilder report = new StringBuilder();
        report.append("# generated by compat/jackson/SmileOracle vectors; do not edit\n");
        report.append("# <name> <config> <MATCH|DIFF> | <Jackson hex>\n");
        int match = 0;
        int diff = 0;
        try (JsonParser p = JSON.createParser(readMaybeGz(file))) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException("vectors: expected array");
            }
            while (p.nextToken() == JsonToken.START_OBJECT) {
                String name = null;
                String config = null;
                String hex = null;
                List<String> tokens = new ArrayList<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken v = p.nextToken();
                    if (field.equals("tokens")) {
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            tokens.add(p.getText());
                        }
                    } else if (v == JsonToken.VALUE_STRING) {
                        if (field.equals("name")) {
                            name = p.getText();
                        } else if (field.equals("config")) {
                            config = p.getText();
                        } else if (field.equals("hex")) {
                            hex = p.getText();
                        }
                    } else {
                        p.skipChildren();
                    }
                }
                byte[] got = runScript(scriptLines(String.join("\n", tokens)), config);
                boolean ok = hex(got).equals(hex(unhex(hex)));
                if (ok) {
                    match++;
                } else {
                    diff++;
                }
                report.append(name).append(' ').append(config).append(ok ? " MATCH | " : " DIFF | ")
                        .append(hex(got)).append('\n');
            }
        }
        Files.write(outFile.toPath(), report.toString().getBytes(StandardCharsets.UTF_8));
        System.err.println("vectors: " + match + " match, " + diff + " differ");
    }
}
