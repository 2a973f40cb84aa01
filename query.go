package smile

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/go-smile/smile/stream"
)

// Get returns the value that the JSON Pointer (RFC 6901) pointer names
// in data, one Smile document, reading data only as far as it must and
// building no tree of the rest: it is GetMany with one pointer, with the
// default DecOptions. A pointer that names nothing gives a Node that
// does not exist, not an error. See Query for what is read and checked.
func Get(data []byte, pointer string) (Node, error) { return DecMode{}.Get(data, pointer) }

// GetMany returns the values that pointers name in data, one Node per
// pointer in their order, in one pass over the bytes, with the default
// DecOptions. See Query.
func GetMany(data []byte, pointers ...string) ([]Node, error) {
	return DecMode{}.GetMany(data, pointers...)
}

// Get is the package-level Get with the options of m.
func (m DecMode) Get(data []byte, pointer string) (Node, error) {
	q, err := m.Compile(pointer)
	if err != nil {
		return Node{}, err
	}
	nodes, err := q.Get(data)
	if err != nil {
		return Node{}, err
	}
	return nodes[0], nil
}

// GetMany is the package-level GetMany with the options of m.
func (m DecMode) GetMany(data []byte, pointers ...string) ([]Node, error) {
	q, err := m.Compile(pointers...)
	if err != nil {
		return nil, err
	}
	return q.Get(data)
}

// Query is a set of paths, compiled once, answered over Smile input
// without parsing it into a Document: one pass over the tokens, from the
// header, keeping the shared-name and shared-value tables as it goes (a
// back-reference may point to a name far before), skipping with
// stream.Reader.SkipValue every value that no path leads into, as
// jsonparser's EachKey does for JSON. A value that a path names is built
// into the Query's own Document, so that the answer is an ordinary Node:
// a scalar, or a whole subtree to navigate, read and write as JSON.
//
// Get stops reading as soon as every path is answered. What it did not
// read it did not check either (gjson does likewise): input that Parse
// and Unmarshal refuse, for a fault past the answers or trailing data
// after the root value, can give answers. What it read, it checks as
// Unmarshal does, with the same errors (*SyntaxError and *LimitError
// with the offset): a path that is not there makes Get read, and check,
// the whole root value. DecOptions.MaxContainerLen is checked for the
// values built, not for those skipped.
//
// With duplicate keys in an object, a path takes the first, where Parse
// and Unmarshal keep the last: stopping at the first answer is the point
// of a query (Jackson's JsonPointer filter, gjson and jsonparser also
// take the first). Each gives every one.
//
// The Nodes a Query returns hold copies of their strings and bytes, not
// views of the input, and stay valid until the Query's next call, which
// reuses their Document: a Query reused in a loop allocates nothing
// once its buffers have grown. A Query is not safe for concurrent use;
// its Nodes may be read from many goroutines, as any Document's.
type Query struct {
	cfg   *decConfig
	paths [][]queryStep
	wild  bool // some path has a wildcard

	doc   Document
	r     *stream.Reader // the Reader of Get, Each and Scan over bytes
	nodes []Node         // Get's answers, one per path
	left  int            // paths that Get has not answered yet
	act   []int32        // the paths alive at each level being read, level after level
	idx   []indexedPath  // the paths of each array being read that name an index, by index
	yield func(path int, n Node) bool
}

// queryStep is one step of a path: a member key, an array index, or both
// (a JSON Pointer token such as "0" names either, by the container it
// meets), or a wildcard.
type queryStep struct {
	key    string
	hasKey bool
	index  int // -1: names no element
	wild   bool
}

func (s *queryStep) matchKey(k []byte) bool { return s.wild || s.hasKey && string(k) == s.key }
func (s *queryStep) matchIndex(i int) bool  { return s.wild || s.index == i }

// Wildcard, as a step of CompilePaths, matches every element of an
// array and every member of an object.
type Wildcard struct{}

// errQueryDone stops a query's reading: every path is answered, or
// Each's function asked to stop.
var errQueryDone = errors.New("smile: query done")

// Compile compiles JSON Pointers (RFC 6901) into a Query with the
// default DecOptions. See DecMode.Compile.
func Compile(pointers ...string) (*Query, error) { return DecMode{}.Compile(pointers...) }

// CompilePaths compiles paths of steps into a Query with the default
// DecOptions. See DecMode.CompilePaths.
func CompilePaths(paths ...[]any) (*Query, error) { return DecMode{}.CompilePaths(paths...) }

// Compile compiles JSON Pointers (RFC 6901) into a Query with the
// options of m, answered in the order given: "" is the root, "/a/0" the
// first element of member "a" (or its member "0", if it is an object);
// in a token "~1" stands for "/" and "~0" for "~". Unlike Node.At, which
// answers a pointer that is not valid with a Node that does not exist,
// Compile refuses it with an error: one that does not start with "/", or
// with a "~" not followed by "0" or "1". "*" is a key here, as RFC 6901
// says; CompilePattern and CompilePaths have wildcards.
func (m DecMode) Compile(pointers ...string) (*Query, error) {
	return m.compile(pointers, false)
}

// CompilePattern compiles JSON Pointers with wildcards: a reference
// token that is exactly "*" matches every element of an array and every
// member of an object, and "~2" stands for a literal "*" (so the key "*"
// is "/~2"); otherwise a pattern is a JSON Pointer, as for Compile. A
// pattern with a wildcard can match many values: Query.Each visits them
// all, Get and Scanner take the first.
func CompilePattern(patterns ...string) (*Query, error) { return DecMode{}.CompilePattern(patterns...) }

// CompilePattern is the package-level CompilePattern with the options of m.
func (m DecMode) CompilePattern(patterns ...string) (*Query, error) {
	return m.compile(patterns, true)
}

func (m DecMode) compile(pointers []string, patterns bool) (*Query, error) {
	q := &Query{cfg: m.config()}
	for _, p := range pointers {
		steps, err := parsePointer(p, patterns)
		if err != nil {
			return nil, err
		}
		q.add(steps)
	}
	return q, nil
}

// CompilePaths compiles paths given as steps, as Node.Path takes them,
// into a Query with the options of m: each step a string (a member of an
// object), an int (an element of an array) or Wildcard{} (every element
// or member). Keys with "/", "~" or "*" need no escaping here. A step of
// another type, or a negative index, is an error.
func (m DecMode) CompilePaths(paths ...[]any) (*Query, error) {
	q := &Query{cfg: m.config()}
	for _, p := range paths {
		steps := make([]queryStep, len(p))
		for i, s := range p {
			switch s := s.(type) {
			case string:
				steps[i] = queryStep{key: s, hasKey: true, index: -1}
			case int:
				if s < 0 {
					return nil, fmt.Errorf("smile: CompilePaths: step %d of path %d is the negative index %d", i, len(q.paths), s)
				}
				steps[i] = queryStep{index: s}
			case Wildcard:
				steps[i] = queryStep{index: -1, wild: true}
			default:
				return nil, fmt.Errorf("smile: CompilePaths: step %d of path %d is a %T; use a string (a key), an int (an index) or Wildcard{}", i, len(q.paths), s)
			}
		}
		q.add(steps)
	}
	return q, nil
}

func (q *Query) add(steps []queryStep) {
	for _, s := range steps {
		q.wild = q.wild || s.wild
	}
	q.paths = append(q.paths, steps)
}

// parsePointer parses an RFC 6901 pointer, or with patterns a pattern
// of CompilePattern.
func parsePointer(p string, patterns bool) ([]queryStep, error) {
	if p == "" {
		return nil, nil
	}
	if p[0] != '/' {
		return nil, fmt.Errorf("smile: JSON Pointer %q does not start with \"/\" (the root is \"\")", p)
	}
	toks := strings.Split(p[1:], "/")
	steps := make([]queryStep, len(toks))
	for i, tok := range toks {
		if patterns && tok == "*" {
			steps[i] = queryStep{index: -1, wild: true}
			continue
		}
		key, ok := unescapeToken(tok, patterns)
		if !ok {
			esc := `"~0" or "~1"`
			if patterns {
				esc = `"~0", "~1" or "~2"`
			}
			return nil, fmt.Errorf("smile: JSON Pointer %q: token %q has a \"~\" that is not %s", p, tok, esc)
		}
		idx, isIdx := pointerIndex(tok)
		if !isIdx {
			idx = -1
		}
		steps[i] = queryStep{key: key, hasKey: true, index: idx}
	}
	return steps, nil
}

// unescapeToken returns the key that reference token tok stands for.
func unescapeToken(tok string, patterns bool) (string, bool) {
	if strings.IndexByte(tok, '~') < 0 {
		return tok, true
	}
	var b strings.Builder
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c == '~' {
			if i+1 == len(tok) {
				return "", false
			}
			switch tok[i+1] {
			case '0':
				c = '~'
			case '1':
				c = '/'
			case '2':
				if !patterns {
					return "", false
				}
				c = '*'
			default:
				return "", false
			}
			i++
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// Len returns the number of paths of q.
func (q *Query) Len() int { return len(q.paths) }

// Get answers q's paths in data, one Smile document: one Node per path,
// in the order compiled, a Node that does not exist for a path that
// names nothing. The slice and its Nodes are valid until q's next call.
// A wildcard path takes its first match.
func (q *Query) Get(data []byte) ([]Node, error) {
	r, err := q.bytesReader(data)
	if err != nil {
		return nil, err
	}
	nodes, err := q.get(r)
	r.Reset(nil) // drop the input: the Nodes hold copies
	return nodes, err
}

// GetFrom is Get of the first Smile document read from rd. It reads no
// further than the answers, so rd may hold more after it.
func (q *Query) GetFrom(rd io.Reader) ([]Node, error) {
	r, err := stream.NewReaderFrom(rd, q.cfg.stream)
	if err != nil {
		return nil, err
	}
	return q.get(r)
}

func (q *Query) bytesReader(data []byte) (*stream.Reader, error) {
	if uint64(len(data)) > maxDocumentLen {
		return nil, &LimitError{Offset: maxDocumentLen, Limit: "document length", Max: maxDocumentLen, Got: int64(len(data))}
	}
	if q.r == nil {
		r, err := stream.NewReader(data, q.cfg.stream)
		if err != nil {
			return nil, decodeErr(err)
		}
		q.r = r
	} else {
		q.r.Reset(data)
	}
	return q.r, nil
}

// start readies q for a new input and reads the root's first token.
func (q *Query) start(r *stream.Reader) (stream.Token, error) {
	q.doc.cfg = q.cfg
	q.doc.resetOwned()
	t, err := r.ReadToken()
	if err == io.EOF {
		return t, &SyntaxError{Offset: r.InputOffset(), Msg: "unexpected end of input: no value", Err: io.ErrUnexpectedEOF}
	}
	if err != nil {
		return t, decodeErr(err)
	}
	if t.Kind == stream.KindEndOfDocument {
		return t, &SyntaxError{Offset: r.TokenOffset(), Msg: "end-of-document marker where a value is expected"}
	}
	return t, nil
}

// all returns the paths as the set alive at the root.
func (q *Query) all() []int32 {
	q.act = q.act[:0]
	for i := range q.paths {
		q.act = append(q.act, int32(i))
	}
	return q.act
}

func (q *Query) resetNodes() {
	if cap(q.nodes) < len(q.paths) {
		q.nodes = make([]Node, len(q.paths))
	}
	q.nodes = q.nodes[:len(q.paths)]
	clear(q.nodes)
	q.left = len(q.paths)
}

func (q *Query) get(r *stream.Reader) ([]Node, error) {
	q.yield = nil
	q.resetNodes()
	t, err := q.start(r)
	if err != nil {
		return nil, err
	}
	if q.left > 0 {
		if err := q.value(r, t, q.all(), 0); err != nil && err != errQueryDone {
			return nil, err
		}
	}
	if err := q.checkBudget(r.InputOffset()); err != nil {
		return nil, err
	}
	return q.nodes, nil
}

// checkBudget charges the Document against DecOptions.MaxExpansion for
// the n bytes of input read, as Parse charges it.
func (q *Query) checkBudget(n int64) error {
	d := &q.doc
	held := int64(len(d.tape))*8 + int64(len(d.names))*8 + int64(len(d.bin)) + int64(len(d.data))
	if allowed := allowance(q.cfg.opts.MaxExpansion, n); held > allowed {
		return &LimitError{Offset: n, Limit: "MaxExpansion", Max: allowed, Got: held}
	}
	return nil
}

// Each calls yield for every value that one of q's paths names in data,
// one Smile document, in input order, with the index of the path; with
// duplicate keys, for each. It stops when yield returns false. The Node
// is valid until yield returns: Each reuses its Document for the next
// match, so that its memory stays that of the largest match. It reads
// the whole root value unless yield stops it, and checks what it reads.
func (q *Query) Each(data []byte, yield func(path int, n Node) bool) error {
	r, err := q.bytesReader(data)
	if err != nil {
		return err
	}
	err = q.each(r, yield)
	r.Reset(nil)
	return err
}

// EachFrom is Each of the first Smile document read from rd, in a
// buffer of a few tens of kilobytes besides the largest match, however
// long the input.
func (q *Query) EachFrom(rd io.Reader, yield func(path int, n Node) bool) error {
	r, err := stream.NewReaderFrom(rd, q.cfg.stream)
	if err != nil {
		return err
	}
	return q.each(r, yield)
}

func (q *Query) each(r *stream.Reader, yield func(path int, n Node) bool) error {
	q.yield = yield
	defer func() { q.yield = nil }()
	t, err := q.start(r)
	if err != nil {
		return err
	}
	if len(q.paths) == 0 {
		return nil
	}
	if err := q.value(r, t, q.all(), 0); err != nil && err != errQueryDone {
		return err
	}
	return nil
}

// value reads the value that starts with token t, where the paths act
// have matched their first depth steps.
func (q *Query) value(r *stream.Reader, t stream.Token, act []int32, depth int) error {
	for _, p := range act {
		if len(q.paths[p]) == depth {
			return q.build(r, t, act, depth)
		}
	}
	switch t.Kind {
	case stream.KindStartObject:
		return q.object(r, act, depth)
	case stream.KindStartArray:
		return q.array(r, act, depth)
	}
	return nil // a scalar, read whole: no path goes on below it
}

// build builds the value that starts with t, which some paths of act
// name, and answers every path of act from it.
func (q *Query) build(r *stream.Reader, t stream.Token, act []int32, depth int) error {
	d := &q.doc
	start := r.TokenOffset()
	at, err := d.appendValue(r, t)
	if err != nil {
		return err
	}
	if q.yield != nil {
		// Each's Document holds one match at a time: charged for the
		// match's input.
		if err := q.checkBudget(r.InputOffset() - start); err != nil {
			return err
		}
	}
	n := Node{d: d, i: at, gen: d.gen}
	for _, p := range act {
		if !q.walk(int(p), n, q.paths[p][depth:]) {
			return errQueryDone
		}
	}
	if q.yield != nil {
		d.resetOwned()
		return nil
	}
	if q.left == 0 {
		return errQueryDone
	}
	return nil
}

// walk answers path p with the values that steps name within n, first
// match first, and reports whether to go on.
func (q *Query) walk(p int, n Node, steps []queryStep) bool {
	if len(steps) == 0 {
		return q.answer(p, n)
	}
	if q.yield == nil && q.nodes[p].d != nil {
		return true
	}
	s := &steps[0]
	d := n.d
	switch n.tag() {
	case tObject:
		end := uint32(d.tape[n.i] & payloadMask)
		for j := n.i + 2; j < end; j = d.skip(j + 1) {
			if s.matchKey(d.keyAt(j)) {
				if !q.walk(p, n.at(j+1), steps[1:]) {
					return false
				}
				if q.yield == nil && q.nodes[p].d != nil {
					return true
				}
			}
		}
	case tArray:
		end := uint32(d.tape[n.i] & payloadMask)
		i := 0
		for j := n.i + 2; j < end; j = d.skip(j) {
			if s.matchIndex(i) {
				if !q.walk(p, n.at(j), steps[1:]) {
					return false
				}
				if q.yield == nil && q.nodes[p].d != nil {
					return true
				}
			}
			i++
		}
	}
	return true
}

// answer records n as an answer of path p and reports whether to go on.
func (q *Query) answer(p int, n Node) bool {
	if q.yield != nil {
		return q.yield(p, n)
	}
	if q.nodes[p].d == nil {
		q.nodes[p] = n
		q.left--
	}
	return true
}

// alive appends to q.act the paths of act whose step depth a member
// with key k (isKey), or the element i, matches, and returns them.
func (q *Query) alive(act []int32, depth int, isKey bool, k []byte, i int, base int) []int32 {
	sub := q.act[:base]
	for _, p := range act {
		if q.yield == nil && q.nodes[p].d != nil {
			continue // answered
		}
		s := &q.paths[p][depth]
		if isKey && s.matchKey(k) || !isKey && s.matchIndex(i) {
			sub = append(sub, p)
		}
	}
	q.act = sub
	return sub[base:]
}

// object reads the members of an object whose start was just read.
func (q *Query) object(r *stream.Reader, act []int32, depth int) error {
	base := len(q.act)
	defer func() { q.act = q.act[:base] }()
	for {
		t, err := r.ReadToken()
		if err != nil {
			return queryReadErr(r, err)
		}
		if t.Kind == stream.KindEndObject {
			return nil
		}
		sub := q.alive(act, depth, true, t.Bytes(), 0, base)
		if len(sub) == 0 {
			if err := r.SkipValue(); err != nil {
				return decodeErr(err)
			}
			continue
		}
		v, err := r.ReadToken()
		if err != nil {
			return queryReadErr(r, err)
		}
		if err := q.value(r, v, sub, depth+1); err != nil {
			return err
		}
		q.act = q.act[:base]
	}
}

// array reads the elements of an array whose start was just read. The
// paths that name one element by its index are sorted by it first, so
// that each element costs a look at the paths that name it, and not at
// all of them: GetMany of a path into each of n elements is linear in n.
func (q *Query) array(r *stream.Reader, act []int32, depth int) error {
	base, ibase := len(q.act), len(q.idx)
	defer func() { q.act, q.idx = q.act[:base], q.idx[:ibase] }()
	wild := false
	for _, p := range act {
		if s := &q.paths[p][depth]; s.wild {
			wild = true
		} else if s.index >= 0 {
			q.idx = append(q.idx, indexedPath{s.index, p})
		}
	}
	byIndex := q.idx[ibase:]
	slices.SortFunc(byIndex, func(a, b indexedPath) int { return cmp.Compare(a.index, b.index) })
	for i := 0; ; i++ {
		k, err := r.PeekKind()
		if err != nil {
			return queryReadErr(r, err)
		}
		if k == stream.KindEndArray {
			_, err := r.ReadToken()
			return decodeErr(err)
		}
		sub := q.act[:base]
		if wild {
			for _, p := range act {
				if q.paths[p][depth].wild && (q.yield != nil || q.nodes[p].d == nil) {
					sub = append(sub, p)
				}
			}
		}
		for len(byIndex) > 0 && byIndex[0].index < i {
			byIndex = byIndex[1:]
		}
		for _, e := range byIndex {
			if e.index != i {
				break
			}
			if q.yield != nil || q.nodes[e.path].d == nil {
				sub = append(sub, e.path)
			}
		}
		q.act = sub
		if len(sub) == base {
			if err := r.SkipValue(); err != nil {
				return decodeErr(err)
			}
			continue
		}
		// Wildcards and indexes may interleave: keep the order of act,
		// which is the order of the paths.
		slices.Sort(sub[base:])
		v, err := r.ReadToken()
		if err != nil {
			return queryReadErr(r, err)
		}
		if err := q.value(r, v, sub[base:], depth+1); err != nil {
			return err
		}
		q.act = q.act[:base]
	}
}

// indexedPath is a path that names an array element by its index.
type indexedPath struct {
	index int
	path  int32
}

// Scanner answers a Query's paths in each element of a root array in
// turn, from bytes or from an io.Reader, in memory that stays that of
// the largest element, however long the array: the paths are relative
// to each element ("" is the element itself). Make one with Query.Scan
// or Query.ScanFrom; then
//
//	for s.Next() {
//		name := s.Node(0) // the answer of the first path in this element
//		...
//	}
//	if err := s.Err(); err != nil { ... }
//
// Each element is read as Query.Get reads a document: only as far as
// the answers, the rest skipped (and checked as skipping checks it). A
// Node is valid until the next call of Next; Scanner and Query are not
// safe for concurrent use.
type Scanner struct {
	q       *Query
	r       *stream.Reader
	err     error
	started bool
	done    bool
	index   int
}

// Scan returns a Scanner over the elements of data's root array.
func (q *Query) Scan(data []byte) *Scanner {
	r, err := q.bytesReader(data)
	return &Scanner{q: q, r: r, err: err, index: -1}
}

// ScanFrom returns a Scanner over the elements of the root array of the
// Smile document read from rd.
func (q *Query) ScanFrom(rd io.Reader) *Scanner {
	r, err := stream.NewReaderFrom(rd, q.cfg.stream)
	return &Scanner{q: q, r: r, err: err, index: -1}
}

// Next reads the next element and answers the paths in it. It returns
// false at the end of the array or on error (see Err).
func (s *Scanner) Next() bool {
	if s.err != nil || s.done {
		return false
	}
	q, r := s.q, s.r
	q.yield = nil
	if !s.started {
		s.started = true
		t, err := q.start(r)
		if err != nil {
			s.err = err
			return false
		}
		if t.Kind != stream.KindStartArray {
			s.err = fmt.Errorf("smile: Scanner: the root value at offset %d is %s%s, not an array", r.TokenOffset(), article(tokenKind(t.Kind)), tokenKind(t.Kind))
			return false
		}
	}
	k, err := r.PeekKind()
	if err != nil {
		s.err = queryReadErr(r, err)
		return false
	}
	if k == stream.KindEndArray {
		if _, err := r.ReadToken(); err != nil {
			s.err = decodeErr(err)
		}
		s.done = true
		return false
	}
	if limit := q.cfg.opts.MaxContainerLen; s.index+1 >= limit {
		s.err = &LimitError{Offset: r.InputOffset(), Limit: "MaxContainerLen", Max: int64(limit), Got: int64(s.index + 2)}
		return false
	}
	s.index++
	q.doc.resetOwned()
	q.resetNodes()
	start := r.InputOffset()
	t, err := r.ReadToken()
	if err != nil {
		s.err = queryReadErr(r, err)
		return false
	}
	if len(q.paths) > 0 {
		err = q.value(r, t, q.all(), 0)
	}
	if err == errQueryDone {
		err = skipTo(r, 1)
	}
	if err == nil {
		err = q.checkBudget(r.InputOffset() - start)
	}
	if err != nil {
		s.err = err
		return false
	}
	return true
}

// skipTo reads on until r is back at depth: past the rest of the
// containers open deeper.
func skipTo(r *stream.Reader, depth int) error {
	for r.Depth() > depth {
		k, err := r.PeekKind()
		if err != nil {
			return queryReadErr(r, err)
		}
		if k == stream.KindEndArray || k == stream.KindEndObject {
			if _, err := r.ReadToken(); err != nil {
				return decodeErr(err)
			}
			continue
		}
		if err := r.SkipValue(); err != nil {
			return decodeErr(err)
		}
	}
	return nil
}

// Index returns the index of the current element in the array, -1
// before the first Next.
func (s *Scanner) Index() int { return s.index }

// Node returns the answer of path i (in the order compiled) in the
// current element, a Node that does not exist when the path names
// nothing there, or when i is out of range.
func (s *Scanner) Node(i int) Node {
	if uint(i) >= uint(len(s.q.nodes)) || s.index < 0 || s.done || s.err != nil {
		return Node{}
	}
	return s.q.nodes[i]
}

// Err returns the error that stopped Next, nil at the end of the array.
func (s *Scanner) Err() error { return s.err }

// tokenKind is the Kind of a value that starts with a token of kind k.
func tokenKind(k stream.Kind) Kind {
	switch k {
	case stream.KindNull:
		return KindNull
	case stream.KindFalse, stream.KindTrue:
		return KindBool
	case stream.KindInt:
		return KindInt
	case stream.KindBigInt:
		return KindBigInt
	case stream.KindFloat32, stream.KindFloat64:
		return KindFloat
	case stream.KindBigDecimal:
		return KindBigDecimal
	case stream.KindString:
		return KindString
	case stream.KindBinary:
		return KindBinary
	case stream.KindStartObject:
		return KindObject
	}
	return KindArray
}

// String returns the paths of q, for messages: as JSON Pointers, with
// "*" for a wildcard.
func (q *Query) String() string {
	var b strings.Builder
	for i, p := range q.paths {
		if i > 0 {
			b.WriteString(" ")
		}
		if len(p) == 0 {
			b.WriteString(`""`)
		}
		for _, s := range p {
			b.WriteByte('/')
			switch {
			case s.wild:
				b.WriteByte('*')
			case s.hasKey:
				b.WriteString(escapeToken(s.key))
			default:
				b.WriteString(strconv.Itoa(s.index))
			}
		}
	}
	return b.String()
}

// escapeToken escapes a key as a reference token of CompilePattern.
func escapeToken(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1", "*", "~2").Replace(k)
}
