package stream

// A key tag, kept by the caller with one name as tag[0], is the name's
// table index (its low 10 bits) in the generation of the shared-name
// table whose tagEra is tag[0]>>tagEraShift, and what is known of the
// name, which lasts beyond that generation: tagChecked when the name is
// valid UTF-8, tagASCII too when it is ASCII, and tagHashed when tag[1]
// holds its table hash (hashShared, of a seed per process). A zero tag
// knows nothing.
const (
	tagChecked  = 1 << 10
	tagASCII    = 1 << 11
	tagHashed   = 1 << 12
	tagEraShift = 13
)

// writeKeyTagged is export.WriteKeyTagged: WriteKey(name), which, when
// tag[0] holds the table index name has in the current generation of the
// shared-name table, writes the reference without hashing name, and else
// stores in the tag the index name has after the call (none when it has
// none).
//
// An index recorded in a generation keeps its name until the table is
// emptied, which starts a new generation: a tag of the current generation
// (see tagEra) names the same string WriteKey's lookup would find.
//
// A tag of an older generation (the caller's previous document) still
// tells that name is valid UTF-8, so a name written in full again is not
// checked again, and gives its hash, so that it is not hashed again.
// callgrind, N=2000 sh bench/callgrind.sh MarshalAny/small, whose keys
// a kept shape writes with stale tags (all in full), Ir per op: 10,530
// looking name up and then calling writeKey, which hashes and checks it
// again, 8,989 hashing it once (MarshalAny/medium 65,735 and 61,701).
// With the hash in the tag too, and a new name of at most maxWordsLen
// bytes placed in the slot where its probe ended (addAt): small 8,728 ->
// 7,793, medium 61,521 -> 58,748 (N=20, twitter 6.353M -> 6.364M,
// citm_catalog 13.20M -> 13.26M, whose keys are mostly found).
func (w *Writer) writeKeyTagged(name string, tag *[2]uint64) error {
	if w.state == stateKey {
		known := tag[0]
		// TryWriteKeyRef's case, spelled out: calling it here cost 5 Ir
		// more per key (callgrind of Marshal of small as any).
		if known>>tagEraShift == w.names.tagEra() {
			w.appendNameRef(int(known & 1023))
			w.state = stateValue
			return nil
		}
		const checkedHashed = tagChecked | tagHashed
		if known&checkedHashed == checkedHashed && uint(len(name)-1) < maxWordsLen && !w.opts.DisableSharedNames {
			w.writeKnownShortKey(name, tag)
			return nil
		}
	}
	return w.writeKeyTaggedSlow(name, tag)
}

// TryWriteKeyRef writes the key whose tag, a WriteKeyTagged tag's
// tag[0], holds its index in the current generation of w's shared-name
// table, as a reference, when a key is due, and reports whether it did;
// otherwise it writes nothing, and the caller writes the key with
// WriteKeyTagged. It is the usual key of a map of records after the
// first, written without WriteKeyTagged's call: it calls nothing but
// append's growth, so that it inlines, and it is here, not a wrapper in
// export.go, so that the root package's writeShapeKeyRef, which calls it,
// inlines too (a wrapper puts it 1 over the inliner's budget).
func (export) TryWriteKeyRef(w *Writer, tag uint64) bool {
	if w.state == stateKey && tag>>tagEraShift == w.names.tagEra() {
		w.appendNameRef(int(tag & 1023))
		w.state = stateValue
		return true
	}
	return false
}

// writeKnownShortKey is writeKeyTagged for a name of 1 to maxWordsLen
// bytes whose stale tag tells that it is valid UTF-8 and gives its hash:
// the keys of a shape kept from the last document (see the root
// package's keyShape), which a new document writes in full. Apart from
// writeKeyTaggedSlow's cases, it keeps its values in registers, where
// one function for all spilled them. callgrind of bench's
// BenchmarkMarshalAny/<set>/smile, GC off, whole program, Ir per op at
// N=20000 and 40000 runs (2000 and 4000 for medium), one function ->
// split: small 7,882 -> 7,775, medium 48,845 -> 48,239.
func (w *Writer) writeKnownShortKey(name string, tag *[2]uint64) {
	t := &w.names
	h := tag[1]
	a, b := shortWords(name)
	i, free, ok := t.probeWords(a, b, len(name), h)
	if !ok && t.mayBePrepared(h) {
		i, ok = t.findPrepared(name, h)
	}
	known := tag[0] & (tagChecked | tagASCII | tagHashed)
	w.state = stateValue
	if ok {
		w.appendNameRef(i)
		tag[0] = t.tagEra()<<tagEraShift | known | uint64(i)
		return
	}
	w.appendShortKey(name, a, b, known&tagASCII != 0)
	if free < 0 || !t.addAt(a, b, len(name), h, free) {
		t.add(name, h)
	}
	// The name, new to the table, has the last index.
	tag[0] = known
	if i := t.n - 1; i >= 0 && i&0xFF < 0xFE {
		tag[0] |= t.tagEra()<<tagEraShift | uint64(i)
	}
}

// writeKeyTaggedSlow is writeKeyTagged for the names writeKnownShortKey
// does not take: a tag that has not hashed or checked the name, a long
// name, or a key not due.
func (w *Writer) writeKeyTaggedSlow(name string, tag *[2]uint64) error {
	t := &w.names
	if w.state != stateKey || w.opts.DisableSharedNames || name == "" {
		tag[0] = 0
		return w.writeKey(name)
	}
	known := tag[0] & (tagChecked | tagASCII | tagHashed)
	var h uint64
	var i int
	var ok bool
	if known&tagHashed == 0 {
		h, i, ok = t.lookup(name)
		known |= tagHashed
	} else {
		h = tag[1]
		i, ok = t.findByValue(name, h)
		if !ok && t.mayBePrepared(h) {
			i, ok = t.findPrepared(name, h)
		}
	}
	tag[1] = h
	if ok {
		w.appendNameRef(i)
		w.state = stateValue
		tag[0] = t.tagEra()<<tagEraShift | known | uint64(i)
		return nil
	}
	if known&tagChecked == 0 {
		ascii, valid := checkUTF8(name)
		if !valid { // refused, or copied as AllowInvalidUTF8 says
			tag[0] = 0
			return w.writeKey(name)
		}
		known |= tagChecked
		if ascii {
			known |= tagASCII
		}
	}
	w.appendKeyToken(name, known&tagASCII != 0)
	t.add(name, h) // long (0x34) names too, as writeKey does
	w.state = stateValue
	// The name, new to the table, has the last index.
	tag[0] = known
	if i := t.n - 1; i >= 0 && i&0xFF < 0xFE {
		tag[0] |= t.tagEra()<<tagEraShift | uint64(i)
	}
	return nil
}

// probeWords is findWords, which also returns, when s is not found, the
// free slot where the probe ended, in which insert would place s (else
// -1, when the table has no slots or its first generation has not begun).
func (t *sharedTable) probeWords(a, b uint64, n int, h uint64) (i, free int, ok bool) {
	// With no string recorded, every slot is free once the generation
	// has begun: the first name of a document goes in by addAt too (see
	// appendShortKey for the figures).
	if t.used == 0 {
		if len(t.slots) == 0 || t.gen == 0 {
			return 0, -1, false
		}
		return 0, int(uint32(h) & uint32(len(t.slots)-1)), false
	}
	gen := t.gen
	slots := t.slots
	mask := uint32(len(slots) - 1)
	for i := uint32(h); ; i++ {
		sl := &slots[i&mask]
		if sl.tag>>10 != gen {
			return 0, int(i & mask), false
		}
		if sl.hash == uint32(h) && sl.a == a && sl.b == b && sl.len == uint32(n) {
			return int(sl.tag & 1023), -1, true
		}
	}
}

// addAt is add for a string of n <= maxWordsLen bytes, whose
// shortWords are a and b and whose hash is h, that probeWords did not
// find, in the slot free where its probe ended,
// when neither the table's growth nor its emptying is due (and reports
// whether it added s; if not, add is due). It spares add's calls and its
// second probe (see writeKeyTagged for the figures).
func (t *sharedTable) addAt(a, b uint64, n int, h uint64, free int) bool {
	if 2*(t.used+1) > len(t.slots) || t.n >= tableSize {
		return false
	}
	i := t.n
	t.n++
	if i&0xFF < 0xFE {
		// Field by field, where a composite literal was built on the
		// stack and copied (go tool objdump); off, which only a name
		// longer than maxWordsLen has, is left as it was. With the
		// check of writeKeyTagged spelled out again: bash
		// bench/callgrind.sh MarshalAny/small (N=20000), Ir per op,
		// 7,917 -> 7,798; medium (N=2000) 47,598 -> 46,924.
		sl := &t.slots[free]
		sl.hash, sl.tag, sl.len = uint32(h), t.gen<<10|uint32(i), uint32(n)
		sl.a, sl.b = a, b
		t.used++
		t.newKeyEnd = 0
	}
	return true
}
