package stream

// writeKeyTagged is export.WriteKeyTagged: WriteKey(name), which, when
// *tag holds the table index name has in the current generation of the
// shared-name table, writes the reference without hashing name, and else
// stores in *tag the index name has after the call (0 when it has none).
//
// An index recorded in a generation keeps its name until the table is
// emptied, which starts a new generation: a tag of the current generation
// (see tagEra) names the same string WriteKey's lookup would find.
func (w *Writer) writeKeyTagged(name string, tag *uint64) error {
	t := &w.names
	if *tag>>10 == t.tagEra() && w.state == stateKey {
		w.appendNameRef(int(*tag & 1023))
		w.state = stateValue
		return nil
	}
	*tag = 0
	if w.state != stateKey || w.opts.DisableSharedNames || name == "" {
		return w.writeKey(name)
	}
	_, i, ok := t.lookup(name)
	if ok {
		w.appendNameRef(i)
		w.state = stateValue
		*tag = t.tagEra()<<10 | uint64(i)
		return nil
	}
	if err := w.writeKey(name); err != nil {
		return err
	}
	// writeKey gave name, new to the table, the last index (see add).
	if i := t.n - 1; i >= 0 && i&0xFF < 0xFE {
		*tag = t.tagEra()<<10 | uint64(i)
	}
	return nil
}
