// SmileService is the live Jackson service that interop's HTTP tests talk to
// (service_test.go builds and starts it). It uses only the JDK's own
// com.sun.net.httpserver and java.net.http, and Jackson's ObjectMapper over
// a SmileFactory (or a JsonFactory) for every request and response body, so
// that what it reads and writes is Jackson's view of the bytes.
//
// Usage:
//   java SmileService serve [maxSeconds]   listen on 127.0.0.1 at a free port; print
//                                          "listening 127.0.0.1:PORT databind=V smile=V"
//   java SmileService client BASEURL        call the Go handler at BASEURL with
//                                          java.net.http.HttpClient; print "ok NAME" or
//                                          "FAIL NAME: why" a check, exit 1 if any failed
//
// The server stops when its standard input closes (the Go test holds it
// open), or after maxSeconds (default 120) whatever happens: a watchdog
// thread halts the JVM, so that a test that dies leaves nothing running.
// The client halts after the same bound.
//
// Content negotiation. A request body is Smile when its Content-Type is
// application/x-jackson-smile (Jackson's JAX-RS SmileMediaTypes) or
// application/smile (Elasticsearch), with any parameters; JSON when it is
// application/json, any application/*+json, or absent; anything else is
// answered 415. The response type is chosen from Accept as JAX-RS does
// over the providers of the three types: every range (with its q, default
// 1; q=0 refuses) is matched against application/x-jackson-smile,
// application/smile and application/json; each type takes the q of its
// most specific matching range (exact, then type/*, then */*); the highest
// q wins; at equal q an exact match beats a wildcard, and between wildcards
// JSON wins (a browser or curl sending */* gets JSON), between exact names
// Smile wins (a client that names it reads it). No Accept means */*. No
// acceptable type is answered 406. A Smile response has the name that was
// asked for. Every response carries X-Elastic-Product: Elasticsearch, which
// go-elasticsearch's client checks.
//
// The header X-Smile-Shared: none | names | all chooses the SmileGenerator
// features of Smile responses: no shared names or values, shared names
// (Jackson's default), or shared names and string values.
//
// Endpoints (shaped as the real services'):
//
//   GET  /_info                 {"databind":V,"smile":V,"core":V}
//   POST /_echo                 reads any body with readTree and writes the tree back
//   POST /_bulk, /{index}/_bulk Elasticsearch's bulk API: pairs of an action line
//                               ({"index"|"create":{"_index","_id"}}, {"delete":{...}} alone)
//                               and a document; in Smile each line is a Smile document ended
//                               by 0xFF (the body must end with 0xFF), in JSON each ends with
//                               '\n' (NDJSON). Each line is read by readTree on its own.
//                               Answers {"took","errors","items":[{"index":{"_index","_id",
//                               "_version","result","status"}}]}; a line Jackson cannot read
//                               is answered 400 with Elasticsearch's error shape.
//   GET  /{index}/_doc/{id}     {"_index","_id","_version","_seq_no","_primary_term","found",
//                               "_source"}, or 404 with "found":false
//   POST /{index}/_search       query: match_all, term {f:{value:v}} or {f:v}, match {f:text};
//                               size, from; aggs/aggregations: terms (field, size) with avg
//                               sub-aggregations. Answers took, timed_out, _shards, hits (total,
//                               max_score, hits with _index, _id, _score, _source) and
//                               aggregations, keyed "sterms#name"/"lterms#name"/"avg#name"
//                               under ?typed_keys=true as Elasticsearch does
//   POST /druid/v2              Druid's native query endpoint: the query's "limit" rows
//                               (default 10) of a groupBy-shaped result, streamed as one root
//                               array by a SequenceWriter: {"version":"v1","timestamp":ISO,
//                               "event":{"country","page","user","added","deleted","delta"}}.
//                               Row i is a pure function of i (row(i) below); the Go test
//                               computes the same values to check them.
//
// Faults, by query parameter on /druid/v2 and /_echo: cut=K (rows; on /_echo bytes) drops the
// connection after K rows were flushed, mid-document; stall=K&stallms=D sleeps D ms (at most
// 10000) after K rows; delayms=D sleeps before the headers; truncate=B sends only the first B
// bytes of the body, with Content-Length B; corrupt=B replaces byte B by 0xFF; json=1 answers
// JSON whatever Accept says; mislabel=1 answers JSON under the Smile Content-Type; html=1
// answers 502 with an HTML error page, as a proxy does; empty=1 answers 200 with an empty
// Smile body.
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

public final class SmileService {
    static final String SMILE_JACKSON = "application/x-jackson-smile";
    static final String SMILE_ES = "application/smile";
    static final String JSON = "application/json";

    static final ObjectMapper JSON_MAPPER = new ObjectMapper();
    /** Smile mappers by X-Smile-Shared: none, names (Jackson's default), all. */
    static final Map<String, ObjectMapper> SMILE_MAPPERS = new HashMap<>();

    static {
        SMILE_MAPPERS.put("none", new ObjectMapper(smileFactory(false, false)));
        SMILE_MAPPERS.put("names", new ObjectMapper(smileFactory(true, false)));
        SMILE_MAPPERS.put("all", new ObjectMapper(smileFactory(true, true)));
    }

    static SmileFactory smileFactory(boolean names, boolean values) {
        SmileFactory f = new SmileFactory();
        f.configure(SmileGenerator.Feature.CHECK_SHARED_NAMES, names);
        f.configure(SmileGenerator.Feature.CHECK_SHARED_STRING_VALUES, values);
        return f;
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "serve";
        long maxSeconds = 120;
        if (mode.equals("serve") && args.length > 1) maxSeconds = Long.parseLong(args[1]);
        watchdog(maxSeconds);
        if (mode.equals("client")) {
            System.exit(Client.run(args[1]));
        }
        serve();
    }

    /** watchdog halts the JVM after maxSeconds, whatever the other threads do. */
    static void watchdog(long maxSeconds) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(maxSeconds * 1000);
            } catch (InterruptedException e) {
                // halt anyway
            }
            System.err.println("SmileService: watchdog: " + maxSeconds + " s passed, halting");
            Runtime.getRuntime().halt(3);
        }, "watchdog");
        t.setDaemon(true);
        t.start();
    }

    static void serve() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
        server.setExecutor(Executors.newFixedThreadPool(32));
        Store store = new Store();
        server.createContext("/", ex -> handle(ex, store));
        server.start();
        System.out.println("listening 127.0.0.1:" + server.getAddress().getPort()
                + " databind=" + JSON_MAPPER.version() + " smile=" + new SmileFactory().version()
                + " core=" + new JsonFactory().version());
        System.out.flush();
        // Stop when the Go test closes our standard input (or dies).
        Thread stdin = new Thread(() -> {
            try {
                InputStream in = System.in;
                while (in.read() >= 0) {
                    // discard
                }
            } catch (IOException e) {
                // closed
            }
            Runtime.getRuntime().halt(0);
        }, "stdin");
        stdin.setDaemon(true);
        stdin.start();
    }

    // ---- negotiation ----

    /** isSmile reports whether a Content-Type names Smile under either name. */
    static boolean isSmile(String contentType) {
        String mt = baseType(contentType);
        return mt.equals(SMILE_JACKSON) || mt.equals(SMILE_ES);
    }

    static String baseType(String header) {
        if (header == null) return "";
        int semi = header.indexOf(';');
        return (semi < 0 ? header : header.substring(0, semi)).trim().toLowerCase();
    }

    /** requestMapper returns the mapper of the request body's Content-Type, or null (415). */
    static ObjectMapper requestMapper(HttpExchange ex) {
        String ct = ex.getRequestHeaders().getFirst("Content-Type");
        if (ct == null || ct.isBlank()) return JSON_MAPPER;
        if (isSmile(ct)) return SMILE_MAPPERS.get("names");
        String mt = baseType(ct);
        if (mt.equals(JSON) || (mt.startsWith("application/") && mt.endsWith("+json"))) return JSON_MAPPER;
        return null;
    }

    /** negotiate returns the response's media type for Accept, or null (406). */
    static String negotiate(String accept) {
        if (accept == null || accept.isBlank()) accept = "*/*";
        String[] offers = {SMILE_JACKSON, SMILE_ES, JSON};
        String best = null;
        double bestQ = 0;
        int bestSpec = -1;
        for (String offer : offers) {
            double q = -1;
            int spec = -1;
            for (String part : accept.split(",")) {
                String[] params = part.split(";");
                String range = params[0].trim().toLowerCase();
                double rq = 1;
                for (int i = 1; i < params.length; i++) {
                    String p = params[i].trim();
                    if (p.startsWith("q=")) {
                        try {
                            rq = Double.parseDouble(p.substring(2).trim());
                        } catch (NumberFormatException e) {
                            rq = 0;
                        }
                    }
                }
                int s;
                if (range.equals(offer) || (offer.equals(JSON) && range.startsWith("application/") && range.endsWith("+json"))) s = 2;
                else if (range.equals("application/*")) s = 1;
                else if (range.equals("*/*") || range.equals("*")) s = 0;
                else continue;
                if (s > spec) {
                    spec = s;
                    q = rq;
                }
            }
            if (q <= 0) continue;
            boolean smile = !offer.equals(JSON);
            boolean wins = best == null || q > bestQ
                    || (q == bestQ && spec > bestSpec)
                    || (q == bestQ && spec == bestSpec && (spec == 2 ? smile && best.equals(JSON) : !smile && !best.equals(JSON)));
            if (wins) {
                best = offer;
                bestQ = q;
                bestSpec = spec;
            }
        }
        return best;
    }

    static ObjectMapper responseMapper(HttpExchange ex, String mediaType) {
        if (mediaType.equals(JSON)) return JSON_MAPPER;
        String shared = ex.getRequestHeaders().getFirst("X-Smile-Shared");
        ObjectMapper m = SMILE_MAPPERS.get(shared == null ? "names" : shared);
        return m == null ? SMILE_MAPPERS.get("names") : m;
    }

    // ---- dispatch ----

    static void handle(HttpExchange ex, Store store) throws IOException {
        try {
            ex.getResponseHeaders().set("X-Elastic-Product", "Elasticsearch");
            Map<String, String> q = query(ex.getRequestURI());
            String path = ex.getRequestURI().getPath();
            String[] seg = path.replaceAll("^/+|/+$", "").split("/");
            String method = ex.getRequestMethod();
            ObjectMapper in = requestMapper(ex);
            if (in == null) {
                error(ex, 415, "media_type_header_exception", "Content-Type [" + ex.getRequestHeaders().getFirst("Content-Type") + "] is not supported");
                return;
            }
            String mt = negotiate(ex.getRequestHeaders().getFirst("Accept"));
            if (mt == null) {
                ex.getResponseHeaders().set("Content-Type", "text/plain");
                ex.sendResponseHeaders(406, -1);
                ex.close();
                return;
            }
            if (path.equals("/") || path.isEmpty()) {
                ObjectNode root = obj();
                root.put("name", "smile-service");
                root.put("cluster_name", "interop");
                root.putObject("version").put("number", "8.19.0").put("build_flavor", "default");
                root.put("tagline", "You Know, for Search");
                send(ex, 200, mt, root);
            } else if (path.equals("/_info")) {
                ObjectNode root = obj();
                root.put("databind", JSON_MAPPER.version().toString());
                root.put("smile", new SmileFactory().version().toString());
                root.put("core", new JsonFactory().version().toString());
                send(ex, 200, mt, root);
            } else if (path.equals("/_echo") && method.equals("POST")) {
                byte[] body = ex.getRequestBody().readAllBytes();
                JsonNode tree = in.readTree(body);
                if (tree == null || tree.isMissingNode()) {
                    error(ex, 400, "parse_exception", "request body is required");
                    return;
                }
                faulty(ex, q, mt, responseMapper(ex, mt).writeValueAsBytes(tree));
            } else if (path.equals("/druid/v2") && method.equals("POST")) {
                druid(ex, q, in, mt);
            } else if (seg[seg.length - 1].equals("_bulk") && method.equals("POST")) {
                bulk(ex, store, seg.length > 1 ? seg[0] : null, mt);
            } else if (seg.length == 3 && seg[1].equals("_doc") && method.equals("GET")) {
                getDoc(ex, store, seg[0], URLDecoder.decode(seg[2], StandardCharsets.UTF_8), mt);
            } else if (seg.length == 2 && seg[1].equals("_search")) {
                search(ex, store, seg[0], in, mt, "true".equals(q.get("typed_keys")));
            } else if (seg.length == 2 && seg[1].equals("_refresh")) {
                ObjectNode root = obj();
                root.putObject("_shards").put("total", 1).put("successful", 1).put("failed", 0);
                send(ex, 200, mt, root);
            } else {
                error(ex, 404, "no_handler_found_exception", "no handler found for uri [" + path + "] and method [" + method + "]");
            }
        } catch (Cut c) {
            throw new IOException("cut on purpose"); // the server closes the connection
        } catch (IOException e) {
            // Jackson could not read the body (or the client left): say so, in ES's shape.
            try {
                error(ex, 400, "parse_exception", "Jackson: " + e.getMessage());
            } catch (IOException | RuntimeException again) {
                throw e;
            }
        } catch (RuntimeException e) {
            e.printStackTrace();
            try {
                error(ex, 500, "exception", e.toString());
            } catch (IOException | RuntimeException again) {
                throw new IOException(e);
            }
        }
    }

    /** Cut is thrown to drop the connection mid-body, as a dying server does. */
    static final class Cut extends RuntimeException {
        Cut() {
            super("cut");
        }
    }

    static Map<String, String> query(URI uri) {
        Map<String, String> m = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) return m;
        for (String kv : raw.split("&")) {
            int eq = kv.indexOf('=');
            if (eq < 0) m.put(kv, "");
            else m.put(URLDecoder.decode(kv.substring(0, eq), StandardCharsets.UTF_8), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return m;
    }

    static ObjectNode obj() {
        return JsonNodeFactory.instance.objectNode();
    }

    static void send(HttpExchange ex, int status, String mt, JsonNode v) throws IOException {
        byte[] b = responseMapper(ex, mt).writeValueAsBytes(v);
        ex.getResponseHeaders().set("Content-Type", mt);
        ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(b);
        }
    }

    static void error(HttpExchange ex, int status, String type, String reason) throws IOException {
        ObjectNode root = obj();
        ObjectNode err = root.putObject("error");
        err.putArray("root_cause").addObject().put("type", type).put("reason", reason);
        err.put("type", type);
        err.put("reason", reason);
        root.put("status", status);
        String mt = negotiate(ex.getRequestHeaders().getFirst("Accept"));
        send(ex, status, mt == null ? JSON : mt, root);
    }

    /** faulty sends body (already written in mt) with the faults q asks for. */
    static void faulty(HttpExchange ex, Map<String, String> q, String mt, byte[] body) throws IOException {
        delay(q);
        if (q.containsKey("html")) {
            byte[] page = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "text/html");
            ex.sendResponseHeaders(502, page.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(page);
            }
            return;
        }
        if (q.containsKey("empty")) {
            ex.getResponseHeaders().set("Content-Type", mt);
            ex.sendResponseHeaders(200, -1);
            ex.close();
            return;
        }
        if (q.containsKey("truncate")) {
            int n = Math.min(body.length, Integer.parseInt(q.get("truncate")));
            body = java.util.Arrays.copyOf(body, n);
        }
        if (q.containsKey("corrupt")) {
            int at = Integer.parseInt(q.get("corrupt"));
            if (at < body.length) body[at] = (byte) 0xFF;
        }
        ex.getResponseHeaders().set("Content-Type", mt);
        if (q.containsKey("cut")) {
            int n = Math.min(body.length, Integer.parseInt(q.get("cut")));
            ex.sendResponseHeaders(200, 0); // chunked: no length tells the client where the end is
            OutputStream out = ex.getResponseBody();
            out.write(body, 0, n);
            out.flush();
            throw new Cut();
        }
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    static void delay(Map<String, String> q) {
        if (q.containsKey("delayms")) sleep(Long.parseLong(q.get("delayms")));
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(Math.min(ms, 10000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- Druid ----

    static final String[] COUNTRIES = {"US", "FR", "DE", "JP", "BR", "IN", "ZA"};
    static final long BASE_EPOCH = 1767225600L; // 2026-01-01T00:00:00Z

    /** row returns the i-th row of every Druid answer; druid_test.go's wantRow is its twin. */
    static Map<String, Object> row(long i) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("country", COUNTRIES[(int) (i % COUNTRIES.length)]);
        event.put("page", "page-" + (i % 1000));
        event.put("user", "user-" + (i * 7919 % 100000));
        long added = i * 7 % 1000;
        long deleted = i % 13;
        event.put("added", added);
        event.put("deleted", deleted);
        event.put("delta", (added - deleted) + 0.5);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("version", "v1");
        r.put("timestamp", Instant.ofEpochSecond(BASE_EPOCH + i).toString());
        r.put("event", event);
        return r;
    }

    static void druid(HttpExchange ex, Map<String, String> q, ObjectMapper in, String mt) throws IOException {
        JsonNode query = in.readTree(ex.getRequestBody().readAllBytes());
        if (query == null || !query.isObject() || !query.path("queryType").isTextual()) {
            error(ex, 400, "druid_exception", "the query must be an object with a queryType");
            return;
        }
        long limit = query.path("limit").asLong(10);
        ObjectMapper out = responseMapper(ex, mt);
        if (q.containsKey("truncate") || q.containsKey("corrupt") || q.containsKey("html") || q.containsKey("empty")
                || q.containsKey("json") || q.containsKey("mislabel")) {
            String bodyType = mt;
            if (q.containsKey("json") || q.containsKey("mislabel")) out = JSON_MAPPER;
            if (q.containsKey("json")) bodyType = JSON;
            List<Object> rows = new ArrayList<>();
            for (long i = 0; i < limit; i++) rows.add(row(i));
            faulty(ex, q, bodyType, out.writeValueAsBytes(rows));
            return;
        }
        delay(q);
        long cut = q.containsKey("cut") ? Long.parseLong(q.get("cut")) : -1;
        long stall = q.containsKey("stall") ? Long.parseLong(q.get("stall")) : -1;
        long stallMs = q.containsKey("stallms") ? Long.parseLong(q.get("stallms")) : 0;
        ex.getResponseHeaders().set("Content-Type", mt);
        ex.sendResponseHeaders(200, 0); // chunked
        OutputStream body = ex.getResponseBody();
        SequenceWriter w = out.writer().writeValuesAsArray(body);
        for (long i = 0; i < limit; i++) {
            if (i == cut) {
                w.flush();
                body.flush();
                throw new Cut();
            }
            if (i == stall) {
                w.flush();
                body.flush();
                sleep(stallMs);
            }
            w.write(row(i));
        }
        w.close();
        body.close();
    }

    // ---- Elasticsearch ----

    static final class Store {
        final Map<String, Map<String, JsonNode>> indexes = new ConcurrentHashMap<>();
        final AtomicLong seq = new AtomicLong();

        Map<String, JsonNode> index(String name) {
            return indexes.computeIfAbsent(name, k -> java.util.Collections.synchronizedMap(new LinkedHashMap<>()));
        }
    }

    static void bulk(HttpExchange ex, Store store, String defaultIndex, String mt) throws IOException {
        byte[] body = ex.getRequestBody().readAllBytes();
        boolean smile = isSmile(ex.getRequestHeaders().getFirst("Content-Type"));
        ObjectMapper in = smile ? SMILE_MAPPERS.get("names") : JSON_MAPPER;
        byte sep = smile ? (byte) 0xFF : (byte) '\n';
        List<int[]> lines = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < body.length; i++) {
            if (body[i] == sep) {
                if (i > from) lines.add(new int[] {from, i});
                from = i + 1;
            }
        }
        if (from < body.length) {
            error(ex, 400, "illegal_argument_exception", "The bulk request must be terminated by a " + (smile ? "0xFF end marker" : "newline [\\n]"));
            return;
        }
        long start = System.nanoTime();
        ArrayNode items = JsonNodeFactory.instance.arrayNode();
        int docs = 0;
        for (int l = 0; l < lines.size(); l++) {
            int[] a = lines.get(l);
            JsonNode action;
            try {
                action = in.readTree(body, a[0], a[1] - a[0]);
            } catch (IOException e) {
                error(ex, 400, "x_content_parse_exception", "line " + (l + 1) + " (bytes " + a[0] + "-" + a[1] + "): " + e.getMessage());
                return;
            }
            if (action == null || !action.isObject() || action.size() != 1) {
                error(ex, 400, "illegal_argument_exception", "Malformed action/metadata line [" + (l + 1) + "], expected an object with one field");
                return;
            }
            String op = action.fieldNames().next();
            JsonNode meta = action.get(op);
            String index = meta.path("_index").asText(defaultIndex);
            if (index == null || index.isEmpty()) {
                error(ex, 400, "action_request_validation_exception", "Validation Failed: 1: index is missing;");
                return;
            }
            String id = meta.hasNonNull("_id") ? meta.get("_id").asText() : Long.toString(store.seq.incrementAndGet(), 36);
            ObjectNode item = items.addObject().putObject(op);
            item.put("_index", index).put("_id", id).put("_version", 1);
            if (op.equals("delete")) {
                boolean found = store.index(index).remove(id) != null;
                item.put("result", found ? "deleted" : "not_found").put("status", found ? 200 : 404);
                continue;
            }
            if (!op.equals("index") && !op.equals("create")) {
                error(ex, 400, "illegal_argument_exception", "Malformed action/metadata line [" + (l + 1) + "], expected one of [create, delete, index], found [" + op + "]");
                return;
            }
            if (++l >= lines.size()) {
                error(ex, 400, "illegal_argument_exception", "The bulk request must be terminated by a newline: no document after action line " + l);
                return;
            }
            a = lines.get(l);
            JsonNode doc;
            try {
                doc = in.readTree(body, a[0], a[1] - a[0]);
            } catch (IOException e) {
                error(ex, 400, "x_content_parse_exception", "document on line " + (l + 1) + " (bytes " + a[0] + "-" + a[1] + "): " + e.getMessage());
                return;
            }
            docs++;
            boolean existed = store.index(index).put(id, doc) != null;
            item.put("result", existed ? "updated" : "created");
            item.putObject("_shards").put("total", 1).put("successful", 1).put("failed", 0);
            item.put("_seq_no", store.seq.incrementAndGet()).put("_primary_term", 1);
            item.put("status", existed ? 200 : 201);
        }
        ObjectNode root = obj();
        root.put("took", (System.nanoTime() - start) / 1_000_000);
        root.put("errors", false);
        root.set("items", items);
        ex.getResponseHeaders().set("X-Bulk-Documents", Integer.toString(docs));
        send(ex, 200, mt, root);
    }

    static void getDoc(HttpExchange ex, Store store, String index, String id, String mt) throws IOException {
        Map<String, JsonNode> idx = store.indexes.get(index);
        JsonNode doc = idx == null ? null : idx.get(id);
        ObjectNode root = obj();
        root.put("_index", index).put("_id", id);
        if (doc == null) {
            root.put("found", false);
            send(ex, 404, mt, root);
            return;
        }
        root.put("_version", 1).put("_seq_no", 0).put("_primary_term", 1).put("found", true);
        root.set("_source", doc);
        send(ex, 200, mt, root);
    }

    static String field(String f) {
        return f.endsWith(".keyword") ? f.substring(0, f.length() - ".keyword".length()) : f;
    }

    static boolean matches(JsonNode query, JsonNode doc) {
        if (query == null || query.isMissingNode() || query.has("match_all")) return true;
        if (query.has("term")) {
            Map.Entry<String, JsonNode> e = query.get("term").fields().next();
            JsonNode want = e.getValue().isObject() ? e.getValue().get("value") : e.getValue();
            JsonNode got = doc.get(field(e.getKey()));
            return got != null && (got.equals(want) || (got.isNumber() && want.isNumber() && got.asDouble() == want.asDouble()));
        }
        if (query.has("match")) {
            Map.Entry<String, JsonNode> e = query.get("match").fields().next();
            String text = e.getValue().isObject() ? e.getValue().path("query").asText() : e.getValue().asText();
            String got = doc.path(field(e.getKey())).asText("").toLowerCase();
            for (String word : text.toLowerCase().split("\\s+")) {
                if (!got.contains(word)) return false;
            }
            return true;
        }
        if (query.has("bool")) {
            for (JsonNode must : query.get("bool").path("must")) {
                if (!matches(must, doc)) return false;
            }
            for (JsonNode filter : query.get("bool").path("filter")) {
                if (!matches(filter, doc)) return false;
            }
            return true;
        }
        return false;
    }

    static void search(HttpExchange ex, Store store, String index, ObjectMapper in, String mt, boolean typedKeys) throws IOException {
        byte[] b = ex.getRequestBody().readAllBytes();
        JsonNode req = b.length == 0 ? obj() : in.readTree(b);
        long start = System.nanoTime();
        List<Map.Entry<String, JsonNode>> hits = new ArrayList<>();
        Map<String, JsonNode> idx = store.indexes.get(index);
        if (idx == null) {
            error(ex, 404, "index_not_found_exception", "no such index [" + index + "]");
            return;
        }
        synchronized (idx) {
            for (Map.Entry<String, JsonNode> e : idx.entrySet()) {
                if (matches(req.get("query"), e.getValue())) hits.add(e);
            }
        }
        int size = req.path("size").asInt(10);
        int from = req.path("from").asInt(0);
        ObjectNode root = obj();
        root.put("took", (System.nanoTime() - start) / 1_000_000);
        root.put("timed_out", false);
        root.putObject("_shards").put("total", 1).put("successful", 1).put("skipped", 0).put("failed", 0);
        ObjectNode h = root.putObject("hits");
        h.putObject("total").put("value", hits.size()).put("relation", "eq");
        if (hits.isEmpty()) h.putNull("max_score");
        else h.put("max_score", 1.0);
        ArrayNode arr = h.putArray("hits");
        for (int i = from; i < hits.size() && i < from + size; i++) {
            ObjectNode hit = arr.addObject();
            hit.put("_index", index).put("_id", hits.get(i).getKey()).put("_score", 1.0);
            hit.set("_source", hits.get(i).getValue());
        }
        JsonNode aggs = req.has("aggregations") ? req.get("aggregations") : req.get("aggs");
        if (aggs != null && aggs.isObject()) {
            List<JsonNode> docs = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : hits) docs.add(e.getValue());
            root.set("aggregations", aggregate(aggs, docs, typedKeys));
        }
        send(ex, 200, mt, root);
    }

    static ObjectNode aggregate(JsonNode aggs, List<JsonNode> docs, boolean typedKeys) {
        ObjectNode out = obj();
        aggs.fields().forEachRemaining(e -> {
            String name = e.getKey();
            JsonNode def = e.getValue();
            if (def.has("terms")) {
                String f = field(def.get("terms").path("field").asText());
                int size = def.get("terms").path("size").asInt(10);
                Map<JsonNode, List<JsonNode>> groups = new LinkedHashMap<>();
                boolean numeric = true;
                for (JsonNode d : docs) {
                    JsonNode k = d.get(f);
                    if (k == null || k.isNull()) continue;
                    numeric &= k.isIntegralNumber();
                    groups.computeIfAbsent(k, x -> new ArrayList<>()).add(d);
                }
                List<Map.Entry<JsonNode, List<JsonNode>>> sorted = new ArrayList<>(groups.entrySet());
                sorted.sort((x, y) -> x.getValue().size() != y.getValue().size()
                        ? y.getValue().size() - x.getValue().size()
                        : x.getKey().asText().compareTo(y.getKey().asText()));
                ObjectNode agg = out.putObject(typedKeys ? (numeric ? "lterms#" : "sterms#") + name : name);
                agg.put("doc_count_error_upper_bound", 0);
                long other = 0;
                ArrayNode buckets = agg.putArray("buckets");
                for (int i = 0; i < sorted.size(); i++) {
                    if (i >= size) {
                        other += sorted.get(i).getValue().size();
                        continue;
                    }
                    ObjectNode bucket = buckets.addObject();
                    bucket.set("key", sorted.get(i).getKey());
                    bucket.put("doc_count", sorted.get(i).getValue().size());
                    JsonNode sub = def.has("aggregations") ? def.get("aggregations") : def.get("aggs");
                    if (sub != null) bucket.setAll(aggregate(sub, sorted.get(i).getValue(), typedKeys));
                }
                agg.put("sum_other_doc_count", other);
            } else if (def.has("avg")) {
                String f = field(def.get("avg").path("field").asText());
                double sum = 0;
                long n = 0;
                for (JsonNode d : docs) {
                    if (d.path(f).isNumber()) {
                        sum += d.get(f).asDouble();
                        n++;
                    }
                }
                ObjectNode agg = out.putObject(typedKeys ? "avg#" + name : name);
                if (n == 0) agg.putNull("value");
                else agg.put("value", sum / n);
            }
        });
        return out;
    }

    // ---- the other direction: Jackson's HTTP client against the Go handler ----

    static final class Client {
        static int failures;
        static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

        static void check(String name, boolean ok, String why) {
            if (ok) System.out.println("ok " + name);
            else {
                System.out.println("FAIL " + name + ": " + why);
                failures++;
            }
        }

        static HttpResponse<byte[]> call(String method, String url, String contentType, byte[] body, String accept) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
            if (accept != null) b.header("Accept", accept);
            if (body == null) b.method(method, HttpRequest.BodyPublishers.noBody());
            else b.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofByteArray(body));
            return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        }

        /** checkRows checks that rows holds row(0) .. row(n-1), as Jackson reads them. */
        static void checkRows(String name, JsonNode rows, int n) {
            if (rows == null || !rows.isArray() || rows.size() != n) {
                check(name, false, "want an array of " + n + " rows, got " + (rows == null ? "null" : rows.getNodeType() + " of " + rows.size()));
                return;
            }
            for (int i = 0; i < n; i++) {
                JsonNode want = JSON_MAPPER.valueToTree(row(i));
                JsonNode got = rows.get(i);
                // The Go handler writes delta as a float64 and the counts as integers: compare by value.
                boolean same = got.path("version").asText().equals(want.path("version").asText())
                        && got.path("timestamp").asText().equals(want.path("timestamp").asText())
                        && got.path("event").path("country").asText().equals(want.path("event").path("country").asText())
                        && got.path("event").path("page").asText().equals(want.path("event").path("page").asText())
                        && got.path("event").path("user").asText().equals(want.path("event").path("user").asText())
                        && got.path("event").path("added").isIntegralNumber()
                        && got.path("event").path("added").asLong() == want.path("event").path("added").asLong()
                        && got.path("event").path("deleted").asLong() == want.path("event").path("deleted").asLong()
                        && got.path("event").path("delta").isFloatingPointNumber()
                        && got.path("event").path("delta").asDouble() == want.path("event").path("delta").asDouble();
                if (!same) {
                    check(name, false, "row " + i + ": got " + got + ", want " + want);
                    return;
                }
            }
            check(name, true, "");
        }

        static int run(String base) throws Exception {
            int n = 1000;
            // GET /rows in each media type that Accept can choose.
            String[][] accepts = {
                {SMILE_JACKSON, SMILE_JACKSON},
                {SMILE_ES, SMILE_ES},
                {"application/json;q=0.5, application/x-jackson-smile", SMILE_JACKSON},
                {"application/x-jackson-smile;q=0.2, application/json", JSON},
                {"*/*", JSON},
                {"application/smile; charset=binary; q=1.0, */*;q=0.1", SMILE_ES},
            };
            for (String shared : new String[] {"none", "names", "all"}) {
                for (String[] a : accepts) {
                    String name = "GET /rows?shared=" + shared + " Accept: " + a[0];
                    HttpResponse<byte[]> r = call("GET", base + "/rows?n=" + n + "&shared=" + shared, null, null, a[0]);
                    String ct = r.headers().firstValue("Content-Type").orElse("");
                    if (r.statusCode() != 200 || !baseType(ct).equals(a[1])) {
                        check(name, false, "status " + r.statusCode() + ", Content-Type " + ct + ", want 200 and " + a[1]);
                        continue;
                    }
                    ObjectMapper m = isSmile(ct) ? SMILE_MAPPERS.get("names") : JSON_MAPPER;
                    checkRows(name, m.readTree(r.body()), n);
                }
            }
            HttpResponse<byte[]> r = call("GET", base + "/rows?n=1", null, null, "text/html");
            check("GET /rows Accept: text/html is refused", r.statusCode() == 406, "status " + r.statusCode());

            // POST /rows/sum: Jackson writes the rows, the Go handler decodes them and answers
            // their count and sums, which Jackson checks against its own.
            List<Object> rows = new ArrayList<>();
            long added = 0, deleted = 0;
            for (int i = 0; i < n; i++) {
                Map<String, Object> row = row(i);
                rows.add(row);
                @SuppressWarnings("unchecked") Map<String, Object> ev = (Map<String, Object>) row.get("event");
                added += (Long) ev.get("added");
                deleted += (Long) ev.get("deleted");
            }
            String[][] bodies = {{SMILE_JACKSON, "none"}, {SMILE_JACKSON, "names"}, {SMILE_ES, "all"}, {JSON, ""}};
            for (String[] bt : bodies) {
                byte[] body = bt[0].equals(JSON) ? JSON_MAPPER.writeValueAsBytes(rows) : SMILE_MAPPERS.get(bt[1]).writeValueAsBytes(rows);
                for (String accept : new String[] {SMILE_JACKSON, JSON}) {
                    String name = "POST /rows/sum Content-Type: " + bt[0] + (bt[1].isEmpty() ? "" : " (shared " + bt[1] + ")") + " Accept: " + accept;
                    r = call("POST", base + "/rows/sum", bt[0], body, accept);
                    String ct = r.headers().firstValue("Content-Type").orElse("");
                    if (r.statusCode() != 200 || !baseType(ct).equals(accept)) {
                        check(name, false, "status " + r.statusCode() + ", Content-Type " + ct + ": " + new String(r.body(), StandardCharsets.UTF_8));
                        continue;
                    }
                    JsonNode sum = (isSmile(ct) ? SMILE_MAPPERS.get("names") : JSON_MAPPER).readTree(r.body());
                    check(name, sum.path("count").asLong() == n && sum.path("added").asLong() == added
                            && sum.path("deleted").asLong() == deleted && sum.path("checked").asBoolean(),
                            "got " + sum + ", want count " + n + ", added " + added + ", deleted " + deleted + ", checked");
                }
            }
            // A Smile body that is not Smile: the Go handler answers 400 and says why.
            r = call("POST", base + "/rows/sum", SMILE_JACKSON, JSON_MAPPER.writeValueAsBytes(rows), JSON);
            String text = new String(r.body(), StandardCharsets.UTF_8);
            check("POST /rows/sum with JSON text labeled Smile is refused with the reason", r.statusCode() == 400 && text.contains("JSON text, not Smile"), "status " + r.statusCode() + ": " + text);
            return failures == 0 ? 0 : 1;
        }
    }
}
