import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * TokenLoop times Jackson's Smile parser over every token of a Smile file,
 * the loop that go-smile's stream.BenchmarkTokenLoop runs with ReadToken:
 * nextToken(), then getText() for names and string values (its length is
 * summed so that nothing is optimized away), getLongValue() for integers
 * (getBigIntegerValue() for BIG_INTEGER), getDoubleValue() for floats.
 *
 * Usage: java TokenLoop [-warmup SECONDS] [-rounds N] [-round SECONDS] FILE.smile[.gz]...
 * For each file it warms up, then times N rounds of whole-document loops
 * and prints the median rate in MB/s of Smile input (10^6 bytes per second).
 */
public final class TokenLoop {
    static long sink;

    public static void main(String[] args) throws IOException {
        double warmup = 5, round = 1;
        int rounds = 10;
        int i = 0;
        for (; i < args.length && args[i].startsWith("-"); i += 2) {
            if (i + 1 >= args.length) usage();
            switch (args[i]) {
                case "-warmup": warmup = Double.parseDouble(args[i + 1]); break;
                case "-rounds": rounds = Integer.parseInt(args[i + 1]); break;
                case "-round": round = Double.parseDouble(args[i + 1]); break;
                default: usage();
            }
        }
        if (i == args.length || rounds < 1) usage();
        SmileFactory f = new SmileFactory();
        System.out.printf("%-32s %10s %10s %10s %10s%n", "file", "bytes", "median", "min", "max");
        for (; i < args.length; i++) {
            byte[] data = read(args[i]);
            run(f, data, warmup);
            double[] mbs = new double[rounds];
            for (int k = 0; k < rounds; k++) {
                mbs[k] = run(f, data, round);
            }
            double[] sorted = mbs.clone();
            Arrays.sort(sorted);
            double median = rounds % 2 == 1 ? sorted[rounds / 2]
                    : (sorted[rounds / 2 - 1] + sorted[rounds / 2]) / 2;
            String name = args[i].substring(args[i].lastIndexOf('/') + 1);
            System.out.printf("%-32s %10d %10.1f %10.1f %10.1f  MB/s%n", name, data.length,
                    median, sorted[0], sorted[rounds - 1]);
        }
        if (sink == 42) System.out.println();
    }

    static void usage() {
        System.err.println("usage: TokenLoop [-warmup SECONDS] [-rounds N] [-round SECONDS] FILE.smile[.gz]...");
        System.exit(2);
    }

    /** run loops over data for at least seconds and returns MB/s. */
    static double run(SmileFactory f, byte[] data, double seconds) throws IOException {
        long limit = (long) (seconds * 1e9);
        long n = 0;
        long start = System.nanoTime(), el;
        do {
            sink += loop(f, data);
            n++;
            el = System.nanoTime() - start;
        } while (el < limit);
        return (double) data.length * n / (el / 1e9) / 1e6;
    }

    /** loop reads every token of data once. */
    static long loop(SmileFactory f, byte[] data) throws IOException {
        long sum = 0;
        double d = 0;
        try (JsonParser p = f.createParser(data)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                switch (t) {
                    case FIELD_NAME:
                    case VALUE_STRING:
                        sum += p.getText().length();
                        break;
                    case VALUE_NUMBER_INT:
                        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                            sum += p.getBigIntegerValue().bitLength();
                        } else {
                            sum += p.getLongValue();
                        }
                        break;
                    case VALUE_NUMBER_FLOAT:
                        d += p.getDoubleValue();
                        break;
                    default:
                        break;
                }
            }
        }
        return sum + (long) d;
    }

    static byte[] read(String path) throws IOException {
        try (InputStream raw = new FileInputStream(path)) {
            InputStream in = path.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toByteArray();
        }
    }
}
