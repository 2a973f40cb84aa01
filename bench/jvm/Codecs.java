import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Codecs times Jackson 2.19's ObjectMapper over a SmileFactory (default
 * settings: header, shared names, no shared values) on the data sets of the
 * Go benchmarks in bench/, four operations each:
 *
 * <pre>
 *   UnmarshalAny  readTree(byte[])                 the Go benchmark decodes into any
 *   MarshalAny    writeValueAsBytes(JsonNode tree) the Go benchmark encodes encoding/json's any tree
 *   Unmarshal     readValue(byte[], Pojo.class)    the Go benchmark decodes into the typed model
 *   Marshal       writeValueAsBytes(pojo)          the Go benchmark encodes the typed model
 *   ReadTreeJSON  readTree(byte[]) of the compact JSON with a JSON ObjectMapper,
 *                 for reference beside BenchmarkDocParse's JSON peers
 * </pre>
 *
 * UnmarshalAny is also the Jackson row of the Go generic-documents table
 * (BenchmarkDocParse, issue 40): readTree of the same Smile bytes as our
 * Document.Parse.
 *
 * The input is the manifest that bench/cmd/smiledata writes: per data set
 * the Smile the Go benchmarks decode (go-smile's Marshal of the typed model)
 * and the compact JSON size that they pass to b.SetBytes, which is the byte
 * count of MB/s here too (10^6 bytes per second). The tree and the POJO that
 * the Marshal operations write are read from those bytes.
 *
 * Before timing, each data set is checked: the POJO read from the Smile and
 * written again must give the same tree (JsonNode.equals) as the Smile
 * itself, so that a POJO that dropped or renamed a member fails here (and
 * FAIL_ON_UNKNOWN_PROPERTIES, on by default, fails on a member it lacks).
 *
 * Every (data set, operation) first runs for the warm-up time in turn; then
 * each warms up again and runs the given number of timed rounds, each
 * round printing one line in the format of
 * go test -bench, named Benchmark&lt;Op&gt;/&lt;data set&gt;/jackson, so that
 * cmd/report (and benchstat) read it as they read the Go output and take
 * the median of the rounds.
 *
 * Usage: java Codecs [-warmup 5s] [-rounds 5] [-round 1s] [-only NAME,...] [-ops OP,...] manifest.txt
 * (-ops keeps only the named operations, e.g. -ops UnmarshalAny,ReadTreeJSON.)
 * A duration is a number with ns, us, ms, s or m, or Nx for N operations.
 */
public final class Codecs {
    /** Results are stored here so that the JIT cannot drop the work. */
    static volatile Object blackhole;

    /** One timed operation. */
    interface Op {
        Object run() throws IOException;
    }

    /** Data set names and their POJO roots, as bench/data.go lists them. */
    static final Map<String, Class<?>> MODELS = Map.of(
            "small", Models.Small.class,
            "medium", Models.Medium.class,
            "twitter", Models.Twitter.class,
            "citm_catalog", Models.CITMCatalog.class,
            "canada", Models.Canada.class,
            "code", Models.Code.class);

    /** A duration or an operation count (-round 500ms, -round 100x). */
    static final class Budget {
        final long nanos, ops;

        Budget(String s) {
            long n = 0, o = 0;
            if (s.endsWith("x")) {
                o = Long.parseLong(s.substring(0, s.length() - 1));
            } else {
                int i = 0;
                while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) i++;
                double v = Double.parseDouble(s.substring(0, i));
                double unit;
                switch (s.substring(i)) {
                    case "ns": unit = 1; break;
                    case "us": case "µs": unit = 1e3; break;
                    case "ms": unit = 1e6; break;
                    case "s": unit = 1e9; break;
                    case "m": unit = 60e9; break;
                    default: throw new IllegalArgumentException("bad duration " + s + " (want e.g. 500ms, 2s or 100x)");
                }
                n = (long) (v * unit);
            }
            if (n <= 0 && o <= 0) throw new IllegalArgumentException("bad duration " + s + " (must be positive)");
            nanos = n;
            ops = o;
        }
    }

    public static void main(String[] args) throws IOException {
        Budget warmup = new Budget("5s"), round = new Budget("1s");
        int rounds = 5;
        List<String> only = null, ops = null;
        int i = 0;
        try {
            for (; i < args.length && args[i].startsWith("-"); i += 2) {
                if (i + 1 >= args.length) usage("missing value of " + args[i]);
                switch (args[i]) {
                    case "-warmup": warmup = new Budget(args[i + 1]); break;
                    case "-rounds": rounds = Integer.parseInt(args[i + 1]); break;
                    case "-round": round = new Budget(args[i + 1]); break;
                    case "-only": only = Arrays.asList(args[i + 1].split(",")); break;
                    case "-ops": ops = Arrays.asList(args[i + 1].split(",")); break;
                    default: usage("unknown flag " + args[i]);
                }
            }
        } catch (IllegalArgumentException e) {
            usage(e.getMessage());
        }
        if (i != args.length - 1) usage("want one manifest file");
        if (rounds < 1) usage("-rounds must be at least 1");

        ObjectMapper mapper = new ObjectMapper(new SmileFactory());
        ObjectMapper jsonMapper = new ObjectMapper();
        Path manifest = Path.of(args[i]);
        System.out.printf("jvm: %s %s, %s; jackson-databind %s over SmileFactory %s%n",
                System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors() + " cores",
                com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION,
                com.fasterxml.jackson.dataformat.smile.PackageVersion.VERSION);
        List<Case> cases = new ArrayList<>();
        for (String line : Files.readAllLines(manifest)) {
            String[] f = line.trim().split("\\s+");
            if (f.length != 3 && f.length != 4) continue;
            String name = f[0];
            if (only != null && !only.contains(name)) continue;
            long size = Long.parseLong(f[1]);
            byte[] smile = Files.readAllBytes(manifest.resolveSibling(f[2]));
            Class<?> model = MODELS.get(name);
            if (model == null) {
                System.err.printf("Codecs: no POJO for data set %s (add it to Models and MODELS)%n", name);
                System.exit(1);
            }
            JsonNode tree = mapper.readTree(smile);
            Object pojo = mapper.readValue(smile, model);
            JsonNode back = mapper.readTree(mapper.writeValueAsBytes(pojo));
            if (!tree.equals(back)) {
                System.err.printf("Codecs: %s: the POJO %s does not round-trip the document: "
                        + "readValue + writeValueAsBytes gives another tree%n", name, model.getName());
                System.exit(1);
            }
            cases.add(new Case("UnmarshalAny", name, size, () -> mapper.readTree(smile)));
            cases.add(new Case("MarshalAny", name, size, () -> mapper.writeValueAsBytes(tree)));
            cases.add(new Case("Unmarshal", name, size, () -> mapper.readValue(smile, model)));
            cases.add(new Case("Marshal", name, size, () -> mapper.writeValueAsBytes(pojo)));
            if (f.length == 4) {
                byte[] json = Files.readAllBytes(manifest.resolveSibling(f[3]));
                // The Smile tree written as JSON (binary as base64) and read
                // back must be the JSON's tree, numbers compared by value
                // (canada's 65 is an int in the JSON, a double in our Smile).
                JsonNode fromSmile = jsonMapper.readTree(jsonMapper.writeValueAsBytes(tree));
                if (!jsonMapper.readTree(json).equals((a, b) -> a.equals(b)
                        || a.isNumber() && b.isNumber() && a.doubleValue() == b.doubleValue() ? 0 : 1, fromSmile)) {
                    System.err.printf("Codecs: %s: readTree of %s and of %s give other trees%n", name, f[3], f[2]);
                    System.exit(1);
                }
                cases.add(new Case("ReadTreeJSON", name, size, () -> jsonMapper.readTree(json)));
            }
        }
        if (ops != null) {
            List<String> keep = ops;
            cases.removeIf(c -> !keep.contains(c.op));
        }
        // One warm-up pass over every case first, so that the JIT compiles
        // the code that all data sets share with all their shapes seen
        // (as in a service that reads varied documents), then per case a
        // warm-up again and the timed rounds.
        for (Case c : cases) run(c.fn, warmup);
        for (Case c : cases) {
            run(c.fn, warmup);
            for (int r = 0; r < rounds; r++) {
                long[] res = run(c.fn, round);
                double nsPerOp = (double) res[1] / res[0];
                System.out.printf("Benchmark%s/%s/jackson \t%8d\t%12.1f ns/op\t%8.2f MB/s%n",
                        c.op, c.name, res[0], nsPerOp, c.size / nsPerOp * 1e3);
            }
        }
    }

    /** One operation on one data set. */
    static final class Case {
        final String op, name;
        final long size;
        final Op fn;

        Case(String op, String name, long size, Op fn) {
            this.op = op;
            this.name = name;
            this.size = size;
            this.fn = fn;
        }
    }

    static void usage(String why) {
        System.err.println("Codecs: " + why);
        System.err.println("usage: java Codecs [-warmup 5s] [-rounds 5] [-round 1s] [-only NAME,...] [-ops OP,...] manifest.txt");
        System.exit(2);
    }

    /** run calls fn until the budget is spent and returns {calls, nanoseconds}. */
    static long[] run(Op fn, Budget b) throws IOException {
        long n = 0, start = System.nanoTime(), el;
        do {
            blackhole = fn.run();
            n++;
            el = System.nanoTime() - start;
        } while (b.ops > 0 ? n < b.ops : el < b.nanos);
        return new long[] {n, el};
    }
}
