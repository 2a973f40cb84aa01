package stream

import "strconv"

// beginOneValue puts w in the state where exactly one value is due (see
// export.BeginOneValue). The state it leaves and the depth are returned
// in one int for endOneValue.
func (w *Writer) beginOneValue() (int, error) {
	saved := w.state
	switch saved {
	case stateNewDocument, stateOneDoc:
		w.state = stateOneDoc
	case stateRoot, stateArray, stateValue, stateOne:
		w.state = stateOne
	default: // stateKey, stateOneDone
		return 0, w.misplaced(KindInvalid)
	}
	return int(saved) | len(w.outer)<<8, nil
}

// endOneValue checks that one value was written since beginOneValue
// returned saved, and puts w in the state that follows a value in the
// place saved says.
func (w *Writer) endOneValue(saved int) error {
	prev, depth := writerState(saved&0xFF), saved>>8
	var err error
	switch {
	case w.state == stateOne || w.state == stateOneDoc:
		w.state = prev
		return &WriterError{Msg: "the method wrote no value (it must write exactly one)"}
	case len(w.outer) != depth:
		open := len(w.outer) - depth
		err = &WriterError{Msg: "the method left " + strconv.Itoa(open) + " array(s) or object(s) open (it must write exactly one complete value)"}
		w.outer = w.outer[:depth]
	}
	switch prev {
	case stateNewDocument:
		w.state = stateRoot
	case stateValue:
		w.state = stateKey
	case stateOne, stateOneDoc:
		w.state = stateOneDone
	default: // stateRoot, stateArray
		w.state = prev
	}
	return err
}
