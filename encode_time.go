package smile

import (
	"math/big"
	"time"
	"unsafe"
)

// encodeTime writes a time.Time as its RFC 3339 text with nanoseconds
// (time.Time.MarshalText), or as EncOptions.Time says: an integer count of
// milliseconds since the Unix epoch, or a BigDecimal of seconds.
func encodeTime(e *encodeState, p unsafe.Pointer) error {
	t := (*time.Time)(p)
	switch e.cfg.opts.Time {
	case TimeEpochMillis:
		return e.w.WriteInt(t.UnixMilli())
	case TimeEpochSecondsDecimal:
		return e.writeEpochSeconds(t)
	}
	b, err := t.AppendText(e.scratch[:0])
	if err != nil {
		return &MarshalerError{Type: timeType, Err: err, sourceFunc: "MarshalText"}
	}
	e.scratch = b
	return e.w.WriteStringBytes(b)
}

// writeEpochSeconds writes t as a BigDecimal count of seconds since the
// Unix epoch with nine fraction digits, as jackson-datatype-jsr310's
// DecimalUtils.toBigDecimal makes it (0.0, scale 1, for the epoch).
func (e *encodeState) writeEpochSeconds(t *time.Time) error {
	sec, nsec := t.Unix(), int64(t.Nanosecond())
	if sec == 0 && nsec == 0 {
		return e.w.WriteBigDecimal(zeroBigInt, 1)
	}
	u := new(big.Int).Mul(big.NewInt(sec), big.NewInt(1e9))
	return e.w.WriteBigDecimal(u.Add(u, big.NewInt(nsec)), 9)
}
