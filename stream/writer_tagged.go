package stream

// A key tag, kept by the caller with one name, is the name's table index
// (its low 10 bits) in the generation of the shared-name table whose
// tagEra is tag>>tagEraShift, and what is known of the name's bytes,
// which lasts beyond that generation: tagChecked when the name is valid
// UTF-8, tagASCII too when it is ASCII. 0 is a tag that knows nothing.
const (
	tagChecked  = 1 << 10
	tagASCII    = 1 << 11
	tagEraShift = 12
)

// writeKeyTagged is export.WriteKeyTagged: WriteKey(name), which, when
// *tag holds the table index name has in the current generation of the
// shared-name table, writes the reference without hashing name, and else
// stores in *tag the index name has after the call (none when it has
// none).
//
// An index recorded in a generation keeps its name until the table is
// emptied, which starts a new generation: a tag of the current generation
// (see tagEra) names the same string WriteKey's lookup would find.
//
// A tag of an older generation (the caller's previous document) still
// tells that name is valid UTF-8, so a name written in full again is not
// checked again, and the name is hashed once, for the lookup and for its
// recording, where WriteKey after a lookup would hash it twice.
// callgrind, N=2000 sh bench/callgrind.sh MarshalAny/small, whose keys
// a kept shape writes with stale tags (all in full), Ir per op: 10,530
// looking name up and then calling writeKey, which hashes and checks it
// again, 8,989 so (MarshalAny/medium 65,735 and 61,701).
func (w *Writer) writeKeyTagged(name string, tag *uint64) error {
	t := &w.names
	if *tag>>tagEraShift == t.tagEra() && w.state == stateKey {
		w.appendNameRef(int(*tag & 1023))
		w.state = stateValue
		return nil
	}
	if w.state != stateKey || w.opts.DisableSharedNames || name == "" {
		*tag = 0
		return w.writeKey(name)
	}
	known := *tag & (tagChecked | tagASCII)
	h, i, ok := t.lookup(name)
	if ok {
		w.appendNameRef(i)
		w.state = stateValue
		*tag = t.tagEra()<<tagEraShift | known | uint64(i)
		return nil
	}
	if known == 0 {
		ascii, valid := checkUTF8(name)
		if !valid { // refused, or copied as AllowInvalidUTF8 says
			*tag = 0
			return w.writeKey(name)
		}
		known = tagChecked
		if ascii {
			known |= tagASCII
		}
	}
	w.appendKeyToken(name, known&tagASCII != 0)
	t.add(name, h) // long (0x34) names too, as writeKey does
	w.state = stateValue
	// add gave name, new to the table, the last index.
	*tag = known
	if i := t.n - 1; i >= 0 && i&0xFF < 0xFE {
		*tag |= t.tagEra()<<tagEraShift | uint64(i)
	}
	return nil
}
