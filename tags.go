package smile

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// A field is one Smile object member of a struct type: a field of the
// struct itself or one promoted from an embedded struct, resolved with
// encoding/json's rules (see typeFields).
type field struct {
	name      string       // the Smile key
	typ       reflect.Type // the Go type of the field (as declared, pointers included)
	index     []int        // encoding/json's index path (messages, reflect fallback)
	hops      []embedHop   // embedded pointers to follow from the outer struct, outermost first; nil when reached by offset alone
	offset    uintptr      // offset of the field from the base reached after the hops (or from the outer struct when no hops)
	omitEmpty bool
	omitZero  bool
	quoted    bool // the ",string" option, on a field it applies to (see quotable)
	tagged    bool // the name came from a smile or json tag
}

// An embedHop is an embedded pointer on the way from a struct to one of its
// promoted fields.
type embedHop struct {
	offset   uintptr  // offset of the embedded pointer field from the current base
	elem     *rt.Type // the type it points to
	exported bool     // decode allocates a nil exported one; a nil unexported one is an error (encoding/json)
}

// structInfo is the resolved field list of a struct type.
type structInfo struct {
	fields []field        // in encoding/json order
	byName map[string]int // exact key -> index in fields
	byFold map[string]int // foldName(key) -> index of the first field with that folded key
	// dropped are the names that fields of equal depth and equal tagging
	// share, which cancel each other (encoding/json's rule): no key
	// matches them, and the error for such a key under
	// DisallowUnknownFields names the fields (clashOf).
	dropped []droppedName
}

// A droppedName is a key name that two or more fields of a struct type
// share at the same depth, so that neither field has it.
type droppedName struct {
	name   string
	fields []string // the fields as Go selectors from the struct, such as "A.Name"; distinct
}

// clashOf returns the fields of equal depth whose shared name key is
// (case-insensitively unless exact), or nil when key is no such name.
func (si *structInfo) clashOf(key string, exact bool) []string {
	for _, dn := range si.dropped {
		if dn.name == key {
			return dn.fields
		}
	}
	if exact {
		return nil
	}
	for _, dn := range si.dropped {
		if foldName(dn.name) == foldName(key) {
			return dn.fields
		}
	}
	return nil
}

// fieldPtr returns a pointer to f inside the struct at base, following the
// embedded pointers on the way. It returns nil when one of them is nil.
func (f *field) fieldPtr(base unsafe.Pointer) unsafe.Pointer {
	if base = followHops(base, f.hops); base == nil {
		return nil
	}
	return rt.Add(base, f.offset)
}

var structInfoCache sync.Map // map[reflect.Type]*structInfo

// cachedStructInfo returns the fields of struct type t, computed once.
// It is safe for concurrent use.
func cachedStructInfo(t reflect.Type) *structInfo {
	if si, ok := structInfoCache.Load(t); ok {
		return si.(*structInfo)
	}
	si, _ := structInfoCache.LoadOrStore(t, typeFields(t))
	return si.(*structInfo)
}

// fieldTag resolves the Smile key and tag options of a struct field from
// its smile and json tags; skip reports a field that is left out.
//
//   - The key is the name in the smile tag, else the name in the json tag,
//     else the Go field name. A name that is empty or not valid (see
//     isValidTag) passes to the next source, so `smile:",omitempty"` on a
//     field tagged `json:"user_name"` keeps the key "user_name".
//   - The options (omitempty, omitzero) come from the smile tag when the
//     field has one, even an empty one, else from the json tag: a smile tag
//     states the field's Smile options in full, as it would in a type
//     written for Smile alone.
//   - `smile:"-"` leaves the field out whatever its json tag says. Without
//     a smile tag, `json:"-"` leaves it out. A smile tag other than "-"
//     keeps a field that `json:"-"` hides from JSON: it is the field's
//     Smile tag, and "-" is an exclusion, not a name to inherit, so the key
//     is then the smile tag's name or the Go field name.
//   - As in encoding/json, "-," names a field "-".
func fieldTag(sf reflect.StructField) (name, opts string, skip bool) {
	jsonTag, _ := sf.Tag.Lookup("json")
	jsonName, jsonOpts, _ := strings.Cut(jsonTag, ",")
	if jsonTag == "-" || !isValidTag(jsonName) {
		jsonName = ""
	}
	smileTag, ok := sf.Tag.Lookup("smile")
	if !ok {
		return jsonName, jsonOpts, jsonTag == "-"
	}
	if smileTag == "-" {
		return "", "", true
	}
	name, opts, _ = strings.Cut(smileTag, ",")
	if !isValidTag(name) {
		name = jsonName
	}
	return name, opts, false
}

// queuedStruct is an embedded struct whose fields typeFields explores at
// the next depth.
type queuedStruct struct {
	typ    reflect.Type
	index  []int
	hops   []embedHop
	offset uintptr // of the embedded struct from the base after hops
}

// typeFields returns the fields Smile encodes for struct type t, by
// encoding/json's rules, with the tags read by fieldTag (the smile tag,
// else the json tag, names a field; "-" skips it); unexported fields are skipped unless they
// embed a struct, whose exported fields are promoted; embedded structs and
// pointers to structs promote their fields, breadth first; among fields
// with the same name the shallowest wins, then a tagged one; two at the
// same depth with equal tagging cancel each other silently. The tag option
// "string" of encoding/json is not supported and is ignored.
func typeFields(t reflect.Type) *structInfo {
	current := []queuedStruct{}
	next := []queuedStruct{{typ: t}}

	// Count of queued names for current level and the next.
	var count, nextCount map[reflect.Type]int
	// Types already visited at an earlier level.
	visited := map[reflect.Type]bool{}

	var fields []field
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}

		for _, q := range current {
			if visited[q.typ] {
				continue
			}
			visited[q.typ] = true

			for i := 0; i < q.typ.NumField(); i++ {
				sf := q.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						// Embedded fields of unexported non-struct types are ignored.
						continue
					}
					// Embedded fields of unexported struct types may have
					// exported fields: keep them.
				} else if !sf.IsExported() {
					continue
				}
				name, opts, skip := fieldTag(sf)
				if skip {
					continue
				}
				index := make([]int, len(q.index)+1)
				copy(index, q.index)
				index[len(q.index)] = i
				off := q.offset + rt.FieldOffset(q.typ, i)

				ft := sf.Type
				isPtr := false
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
					isPtr = true
				}

				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					tagged := name != ""
					if name == "" {
						name = sf.Name
					}
					fields = append(fields, field{
						name:      name,
						typ:       sf.Type,
						index:     index,
						hops:      q.hops,
						offset:    off,
						omitEmpty: hasTagOption(opts, "omitempty"),
						omitZero:  hasTagOption(opts, "omitzero"),
						quoted:    hasTagOption(opts, "string") && quotable(ft),
						tagged:    tagged,
					})
					if count[q.typ] > 1 {
						// Several instances of this embedded type at this
						// depth: add a duplicate so that the dominance pass
						// drops the name.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}

				// An embedded struct to explore at the next depth.
				nextCount[ft]++
				if nextCount[ft] == 1 {
					nq := queuedStruct{typ: ft, index: index, hops: q.hops, offset: off}
					if isPtr {
						hops := make([]embedHop, len(q.hops)+1)
						copy(hops, q.hops)
						hops[len(q.hops)] = embedHop{offset: off, elem: rt.TypeOf(ft), exported: sf.IsExported()}
						nq.hops, nq.offset = hops, 0
					}
					next = append(next, nq)
				}
			}
		}
	}

	slices.SortFunc(fields, func(a, b field) int {
		// By name, then depth, then tagged first, then index sequence.
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return +1
		}
		return slices.Compare(a.index, b.index)
	})

	// Keep one dominant field per name, or none when the name is ambiguous.
	out := fields[:0]
	var dropped []droppedName
	for advance, i := 0, 0; i < len(fields); i += advance {
		name := fields[i].name
		for advance = 1; i+advance < len(fields) && fields[i+advance].name == name; advance++ {
		}
		group := fields[i : i+advance]
		if len(group) > 1 && len(group[0].index) == len(group[1].index) && group[0].tagged == group[1].tagged {
			dropped = append(dropped, droppedName{name: name, fields: clashingFields(t, group)})
			continue
		}
		out = append(out, group[0])
	}
	fields = slices.Clone(out)
	slices.SortFunc(fields, func(a, b field) int { return slices.Compare(a.index, b.index) })

	si := &structInfo{
		fields:  fields,
		byName:  make(map[string]int, len(fields)),
		byFold:  make(map[string]int, len(fields)),
		dropped: dropped,
	}
	for i, f := range fields {
		si.byName[f.name] = i
		// As in encoding/json, the first folded match takes precedence.
		k := foldName(f.name)
		if _, ok := si.byFold[k]; !ok {
			si.byFold[k] = i
		}
	}
	return si
}

// clashingFields returns the Go selectors, from struct type t, of the
// fields of group that cancel each other: those as deep and as tagged as
// the first (the group is sorted so), each once. A field that an embedded
// struct type promotes twice at one depth is listed once, under its first
// path.
func clashingFields(t reflect.Type, group []field) []string {
	var sels []string
	for _, f := range group {
		if len(f.index) != len(group[0].index) || f.tagged != group[0].tagged {
			break
		}
		if sel := selector(t, f.index); !slices.Contains(sels, sel) {
			sels = append(sels, sel)
		}
	}
	return sels
}

// selector returns the Go selector of the field at index in struct type
// t, such as "A.Name", through embedded structs and pointers to them.
func selector(t reflect.Type, index []int) string {
	var b strings.Builder
	for i, x := range index {
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		sf := t.Field(x)
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(sf.Name)
		t = sf.Type
	}
	return b.String()
}

// hasTagOption reports whether the comma-separated options opts contain
// name.
func hasTagOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// isValidTag reports whether s is usable as a key name, by encoding/json's
// rule: letters, digits and most punctuation, but no quote or backslash.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// foldName returns a folded form of name such that foldName(x) ==
// foldName(y) exactly when strings.EqualFold(x, y), as encoding/json's
// foldName. The decoder uses it for case-insensitive key matching.
func foldName(name string) string {
	var arr [32]byte
	return string(appendFoldedName(arr[:0], name))
}

// appendFoldedName appends the folded form of in to out.
func appendFoldedName(out []byte, in string) []byte {
	for i := 0; i < len(in); {
		if c := in[i]; c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(in[i:])
		out = utf8.AppendRune(out, foldRune(r))
		i += n
	}
	return out
}

// foldRune returns the smallest rune of the fold set of r.
func foldRune(r rune) rune {
	for {
		r2 := unicode.SimpleFold(r)
		if r2 <= r {
			return r2
		}
		r = r2
	}
}
