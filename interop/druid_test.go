package interop

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/smilehttp"
)

// druidQuery is a Druid native query, as a program sends it to
// /druid/v2 (the service reads queryType and limit).
type druidQuery struct {
	QueryType    string           `json:"queryType"`
	DataSource   string           `json:"dataSource"`
	Granularity  string           `json:"granularity"`
	Dimensions   []string         `json:"dimensions"`
	Aggregations []map[string]any `json:"aggregations"`
	Intervals    []string         `json:"intervals"`
	Limit        int              `json:"limit"`
}

func newDruidQuery(limit int) druidQuery {
	return druidQuery{
		QueryType:   "groupBy",
		DataSource:  "wikipedia",
		Granularity: "second",
		Dimensions:  []string{"country", "page", "user"},
		Aggregations: []map[string]any{
			{"type": "longSum", "name": "added", "fieldName": "added"},
			{"type": "longSum", "name": "deleted", "fieldName": "deleted"},
			{"type": "doubleSum", "name": "delta", "fieldName": "delta"},
		},
		Intervals: []string{"2026-01-01/2026-03-01"},
		Limit:     limit,
	}
}

// druidRow is a row of a groupBy answer.
type druidRow struct {
	Version   string     `json:"version"`
	Timestamp string     `json:"timestamp"`
	Event     druidEvent `json:"event"`
}

type druidEvent struct {
	Country string  `json:"country"`
	Page    string  `json:"page"`
	User    string  `json:"user"`
	Added   int64   `json:"added"`
	Deleted int64   `json:"deleted"`
	Delta   float64 `json:"delta"`
}

// wantRow is the i-th row the service answers: the twin of
// SmileService.row, computed here independently.
func wantRow(i int64) druidRow {
	countries := []string{"US", "FR", "DE", "JP", "BR", "IN", "ZA"}
	added, deleted := i*7%1000, i%13
	return druidRow{
		Version:   "v1",
		Timestamp: time.Unix(1767225600+i, 0).UTC().Format(time.RFC3339),
		Event: druidEvent{
			Country: countries[i%7],
			Page:    "page-" + strconv.FormatInt(i%1000, 10),
			User:    "user-" + strconv.FormatInt(i*7919%100000, 10),
			Added:   added,
			Deleted: deleted,
			Delta:   float64(added-deleted) + 0.5,
		},
	}
}

// postDruid sends the query (in Smile with mode, or JSON when mode is
// nil) to the service's /druid/v2 with the query string q, asking for
// accept.
func postDruid(ctx context.Context, url string, mode *smile.EncMode, limit int, q, accept, shared string) (*http.Response, error) {
	var body []byte
	var err error
	ct := "application/json"
	if mode != nil {
		body, err = mode.Marshal(newDruidQuery(limit))
		ct = smile.MediaTypeJackson
	} else {
		body, err = json.Marshal(newDruidQuery(limit))
	}
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", url+"/druid/v2"+q, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Accept", accept)
	if shared != "" {
		req.Header.Set("X-Smile-Shared", shared)
	}
	return httpClient.Do(req)
}

// streamRows reads the root array of rows from dec one row at a time
// (Token, More, Decode), calling check on each, and returns how many it
// read and the first error.
func streamRows(dec interface {
	Token() (any, error)
	More() bool
	Decode(any) error
}, check func(i int64, r *druidRow) error) (int64, error) {
	if _, err := dec.Token(); err != nil {
		return 0, err
	}
	var n int64
	var row druidRow
	for dec.More() {
		if err := dec.Decode(&row); err != nil {
			return n, err
		}
		if err := check(n, &row); err != nil {
			return n, err
		}
		n++
	}
	if _, err := dec.Token(); err != nil {
		return n, err
	}
	return n, nil
}

// smileDec and jsonDec give smile's and encoding/json's Decoders the one
// Token signature streamRows takes.
type smileDec struct{ *smile.Decoder }

func (d smileDec) Token() (any, error) { return d.Decoder.Token() }

type jsonDec struct{ *json.Decoder }

func (d jsonDec) Token() (any, error) { return d.Decoder.Token() }

func checkRow(i int64, r *druidRow) error {
	if want := wantRow(i); *r != want {
		return fmt.Errorf("row %d = %+v, want %+v", i, *r, want)
	}
	return nil
}

// readDruid posts a query and streams its answer, in Smile when the
// response is Smile, in JSON with encoding/json otherwise.
func readDruid(ctx context.Context, url string, mode *smile.EncMode, limit int, q, accept, shared string) (rows int64, contentType string, err error) {
	resp, err := postDruid(ctx, url, mode, limit, q, accept, shared)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	ct := resp.Header.Get("Content-Type")
	if smilehttp.IsSmile(accept) {
		if err := smilehttp.CheckResponse(resp); err != nil {
			return 0, ct, err
		}
		n, err := streamRows(smileDec{smile.NewDecoder(resp.Body)}, checkRow)
		return n, ct, err
	}
	n, err := streamRows(jsonDec{json.NewDecoder(resp.Body)}, checkRow)
	return n, ct, err
}

// druidPaths are the values the Scanner path reads from each row.
var druidPaths = []string{"/timestamp", "/event/country", "/event/added", "/event/delta"}

// scanRows reads the root array of rows from body with a smile.Scanner
// (the Documents' streaming query) over druidPaths, checking each row's
// answers against wantRow, and returns how many it read.
func scanRows(body io.Reader) (int64, error) {
	q, err := smile.Compile(druidPaths...)
	if err != nil {
		return 0, err
	}
	sc := q.ScanFrom(body)
	var n int64
	for sc.Next() {
		want := wantRow(n)
		ts, err1 := sc.Node(0).String()
		country, err2 := sc.Node(1).String()
		added, err3 := sc.Node(2).Int64()
		delta, err4 := sc.Node(3).Float64()
		if err := errors.Join(err1, err2, err3, err4); err != nil {
			return n, fmt.Errorf("row %d: %w", n, err)
		}
		if ts != want.Timestamp || country != want.Event.Country || added != want.Event.Added || delta != want.Event.Delta {
			return n, fmt.Errorf("row %d: %s %s %d %v, want %+v", n, ts, country, added, delta, want)
		}
		n++
	}
	return n, sc.Err()
}

// TestDruidStream reads Druid-like answers row by row with
// Decoder.Token/More/Decode, with the query sent in Smile with and without
// shared names and values, and the answer written by Jackson's
// SequenceWriter with and without them; every row is checked against
// wantRow, and the JSON path (encoding/json's Decoder) reads the same.
func TestDruidStream(t *testing.T) {
	const n = 20_000
	ctx := context.Background()
	forEachService(t, func(t *testing.T, s *service) {
		for vi, v := range encVariants {
			mode := encMode(t, v.opts)
			for _, accept := range []string{smile.MediaTypeJackson, smile.MediaTypeElasticsearch} {
				shared := jacksonShared[vi%len(jacksonShared)]
				rows, ct, err := readDruid(ctx, s.url, &mode, n, "", accept, shared)
				if err != nil || rows != n || ct != accept {
					t.Fatalf("%s, Jackson shared %s, Accept %s: %d rows, Content-Type %q, %v", v.name, shared, accept, rows, ct, err)
				}
			}
		}
		rows, ct, err := readDruid(ctx, s.url, nil, n, "", "application/json", "")
		if err != nil || rows != n || ct != "application/json" {
			t.Fatalf("JSON: %d rows, Content-Type %q, %v", rows, ct, err)
		}
		for _, shared := range jacksonShared {
			mode := smile.EncMode{}
			resp, err := postDruid(ctx, s.url, &mode, n, "", smile.MediaTypeJackson, shared)
			if err != nil {
				t.Fatal(err)
			}
			if err := smilehttp.CheckResponse(resp); err != nil {
				t.Fatal(err)
			}
			rows, err := scanRows(resp.Body)
			resp.Body.Close()
			if err != nil || rows != n {
				t.Fatalf("Scanner, Jackson shared %s: %d rows, %v", shared, rows, err)
			}
		}
	})
}

// druidChildEnv names the service URL and the format a child process of
// TestDruidStreamMemory reads 2 million rows in.
const druidChildEnv = "SMILE_INTEROP_DRUID_CHILD"

// druidRows is the size of the large Druid answer.
const druidRows = 2_000_000

// TestDruidStreamMemory reads a Druid answer of 2 million rows through
// HTTP, in Smile and in JSON, each in a child process (this test binary run
// again), so that the peak RSS it reports (VmHWM) is that of the stream
// alone: with Decoder.Token/More/Decode into a struct, with a Scanner of
// four paths, and with encoding/json's Decoder. It reports the throughput
// of each path, and fails if a Smile path's peak RSS reaches 32 MB.
func TestDruidStreamMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 2 million rows through HTTP take seconds, twice per Jackson version")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the peak RSS is read from /proc/self/status (VmHWM), on Linux only")
	}
	forEachService(t, func(t *testing.T, s *service) {
		if s.jackson != "2.19" {
			// The interop step's time bound: 2.7.8's SequenceWriter streams
			// the same rows (TestDruidStream reads 20,000 of them).
			t.Skipf("2 million rows run on Jackson 2.19 only; TestDruidStream covers %s", s.jackson)
		}
		for _, format := range []string{"smile", "scanner", "json"} {
			cmd := exec.Command(os.Args[0], "-test.run=^TestDruidChild$", "-test.v")
			cmd.Env = append(os.Environ(), druidChildEnv+"="+s.url+" "+format)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s child: %v\n%s", format, err, out)
			}
			var rows, bytes, hwm int64
			var secs float64
			for _, l := range strings.Split(string(out), "\n") {
				if strings.HasPrefix(l, "druid-child: ") {
					fmt.Sscanf(l, "druid-child: rows %d bytes %d seconds %g vmhwm_kb %d", &rows, &bytes, &secs, &hwm)
				}
			}
			if rows != druidRows {
				t.Fatalf("%s child read %d rows, want %d:\n%s", format, rows, druidRows, out)
			}
			t.Logf("Druid answer of %d rows in %s: %.1f MB in %.2f s (%.0f rows/s, %.1f MB/s), peak RSS %.1f MB",
				rows, format, float64(bytes)/1e6, secs, float64(rows)/secs, float64(bytes)/1e6/secs, float64(hwm)/1024)
			if format != "json" && hwm >= 32<<10 {
				t.Errorf("reading %d rows of Smile took a peak RSS of %.1f MB, want under 32 MB", rows, float64(hwm)/1024)
			}
		}
	})
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestDruidChild is the child process of TestDruidStreamMemory; it does
// nothing unless druidChildEnv is set.
func TestDruidChild(t *testing.T) {
	env := os.Getenv(druidChildEnv)
	if env == "" {
		t.Skip("run by TestDruidStreamMemory only")
	}
	url, format, _ := strings.Cut(env, " ")
	accept := smile.MediaTypeJackson
	if format == "json" {
		accept = "application/json"
	}
	start := time.Now()
	mode := smile.EncMode{}
	resp, err := postDruid(context.Background(), url, &mode, druidRows, "", accept, "")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body := &countingReader{r: resp.Body}
	var rows int64
	if format == "json" {
		rows, err = streamRows(jsonDec{json.NewDecoder(body)}, checkRow)
	} else {
		if err := smilehttp.CheckResponse(resp); err != nil {
			t.Fatal(err)
		}
		if format == "scanner" {
			rows, err = scanRows(body)
		} else {
			rows, err = streamRows(smileDec{smile.NewDecoder(body)}, checkRow)
		}
	}
	if err != nil {
		t.Fatalf("after %d rows: %v", rows, err)
	}
	secs := time.Since(start).Seconds()
	fmt.Printf("druid-child: rows %d bytes %d seconds %g vmhwm_kb %d\n", rows, body.n, secs, vmHWM(t))
}

// vmHWM returns the process's peak resident set size in KiB.
func vmHWM(t *testing.T) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}

// TestDruidFaults runs each fault against the live service and checks that
// the error names its cause, and that the rows read before it are kept.
func TestDruidFaults(t *testing.T) {
	ctx := context.Background()
	mode := smile.EncMode{}
	forEachService(t, func(t *testing.T, s *service) {
		t.Run("connection cut mid-document", func(t *testing.T) {
			rows, _, err := readDruid(ctx, s.url, &mode, 20_000, "?cut=5000", smile.MediaTypeJackson, "")
			if rows != 5000 || !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("%d rows (want 5000), error %v (want one wrapping io.ErrUnexpectedEOF)", rows, err)
			}
			if !strings.Contains(err.Error(), "offset") {
				t.Errorf("the error does not give the offset: %v", err)
			}
			t.Logf("cut: %d rows kept; %v", rows, err)
		})
		t.Run("JSON when Smile was asked", func(t *testing.T) {
			_, ct, err := readDruid(ctx, s.url, &mode, 10, "?json=1", smile.MediaTypeJackson, "")
			var mte *smilehttp.MediaTypeError
			if !errors.As(err, &mte) || ct != "application/json" || !strings.Contains(err.Error(), "ignored Accept") {
				t.Fatalf("Content-Type %q, error %v", ct, err)
			}
			t.Log(err)
		})
		t.Run("JSON under the Smile Content-Type", func(t *testing.T) {
			_, _, err := readDruid(ctx, s.url, &mode, 10, "?mislabel=1", smile.MediaTypeJackson, "")
			if err == nil || !strings.Contains(err.Error(), "'[': JSON text, not Smile") {
				t.Fatalf("error %v", err)
			}
			t.Log(err)
		})
		t.Run("HTML error page", func(t *testing.T) {
			resp, err := postDruid(ctx, s.url, &mode, 10, "?html=1", smile.MediaTypeJackson, "")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			err = smilehttp.CheckResponse(resp)
			if err == nil || !strings.Contains(err.Error(), "502 Bad Gateway") || !strings.Contains(err.Error(), "error page") {
				t.Fatalf("CheckResponse: %v", err)
			}
			t.Log(err)
			body, _ := io.ReadAll(resp.Body)
			var v any
			err = smile.Unmarshal(body, &v)
			if err == nil || !strings.Contains(err.Error(), "HTML or XML, such as an error page") {
				t.Fatalf("Unmarshal: %v", err)
			}
			t.Log(err)
		})
		t.Run("empty body", func(t *testing.T) {
			resp, err := postDruid(ctx, s.url, &mode, 10, "?empty=1", smile.MediaTypeJackson, "")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var rows []druidRow
			err = smilehttp.DecodeResponse(resp, &rows)
			if !errors.Is(err, smilehttp.ErrEmptyBody) {
				t.Fatalf("DecodeResponse: %v, want ErrEmptyBody", err)
			}
			t.Log(err)
		})
		t.Run("truncated", func(t *testing.T) {
			rows, _, err := readDruid(ctx, s.url, &mode, 1000, "?truncate=5000", smile.MediaTypeJackson, "")
			var se *smile.SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, io.ErrUnexpectedEOF) || rows == 0 {
				t.Fatalf("%d rows, error %v (want a *SyntaxError wrapping io.ErrUnexpectedEOF)", rows, err)
			}
			t.Logf("truncated: %d rows kept; %v", rows, err)
		})
		t.Run("corrupted", func(t *testing.T) {
			rows, _, err := readDruid(ctx, s.url, &mode, 1000, "?corrupt=5000", smile.MediaTypeJackson, "")
			var se *smile.SyntaxError
			if err == nil || rows == 1000 {
				t.Fatalf("%d rows, error %v", rows, err)
			}
			if errors.As(err, &se) && (se.Offset < 4000 || se.Offset > 5100) {
				t.Errorf("the error is at offset %d, the corrupted byte at 5000", se.Offset)
			}
			t.Logf("corrupted: %d rows kept; %v", rows, err)
		})
		t.Run("slow headers", func(t *testing.T) {
			c, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			defer cancel()
			_, _, err := readDruid(c, s.url, &mode, 10, "?delayms=3000", smile.MediaTypeJackson, "")
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("error %v, want the deadline", err)
			}
			t.Log(err)
		})
		t.Run("stall mid-body", func(t *testing.T) {
			c, cancel := context.WithTimeout(ctx, 1*time.Second)
			defer cancel()
			rows, _, err := readDruid(c, s.url, &mode, 20_000, "?stall=3000&stallms=5000", smile.MediaTypeJackson, "")
			if rows != 3000 || !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("%d rows (want 3000), error %v (want the deadline)", rows, err)
			}
			t.Logf("stall: %d rows kept; %v", rows, err)
		})
	})
}

// TestConcurrentRequests sends 200 requests at once (Druid queries and
// echoes, Smile and JSON) and checks every answer; run it with -race.
func TestConcurrentRequests(t *testing.T) {
	forEachService(t, func(t *testing.T, s *service) {
		const n = 200
		errs := make(chan error, n)
		for i := 0; i < n; i++ {
			go func() {
				mode := encMode(t, encVariants[i%len(encVariants)].opts)
				accept := smile.MediaTypeJackson
				var m *smile.EncMode = &mode
				if i%5 == 4 {
					accept, m = "application/json", nil
				}
				rows, _, err := readDruid(context.Background(), s.url, m, 200+i, "", accept, jacksonShared[i%3])
				if err == nil && rows != int64(200+i) {
					err = fmt.Errorf("%d rows, want %d", rows, 200+i)
				}
				errs <- err
			}()
		}
		for i := 0; i < n; i++ {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
	})
}
