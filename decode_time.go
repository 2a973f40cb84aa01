package smile

import (
	"errors"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"time"
	"unsafe"

	"github.com/go-smile/smile/stream"
)

// The numeric forms of times and durations that JVM services write:
// jackson-datatype-jsr310 writes java.time.Instant and java.time.Duration
// as decimal seconds with nine fraction digits (a BigDecimal such as
// 1704164645.006000000), and jackson-databind writes java.util.Date as
// integer epoch milliseconds.

var (
	errTimeRange = errors.New("out of the range of time.Time's seconds")
	errNotFinite = errors.New("not a finite number")
)

// decimalNanos returns the number unscaled × 10^(−scale), a count of
// seconds, as whole seconds and nanoseconds (both with the sign of the
// number, the nanoseconds truncated toward zero). It fails when the
// seconds do not fit an int64. It computes no power of ten larger than
// the number's digits need.
func decimalNanos(u *big.Int, scale int32) (sec, nsec int64, err error) {
	if u.Sign() == 0 {
		return 0, 0, nil
	}
	digits := int64(len(u.Text(10)))
	if u.Sign() < 0 {
		digits-- // the minus sign
	}
	s := int64(scale) - 9 // the scale of the count of nanoseconds
	switch {
	case digits-s > 19+9:
		return 0, 0, errTimeRange // |seconds| ≥ 10^19
	case s >= digits:
		return 0, 0, nil // |nanoseconds| < 1
	}
	n := new(big.Int)
	if s > 0 {
		n.Quo(u, pow10(int(s)))
	} else {
		n.Mul(u, pow10(int(-s)))
	}
	q, r := n.QuoRem(n, big.NewInt(1e9), new(big.Int))
	if !q.IsInt64() {
		return 0, 0, errTimeRange
	}
	return q.Int64(), r.Int64(), nil
}

// tokSeconds returns the current BigDecimal or float token, a count of
// seconds, as seconds and nanoseconds (see decimalNanos). A float goes
// through its shortest decimal form, as Decimal decodes it.
func (d *decodeState) tokSeconds() (sec, nsec int64, err error) {
	if d.tok.Kind == stream.KindBigDecimal {
		if err := d.chargeBig(); err != nil {
			return 0, 0, err
		}
		u, s := d.tok.BigDecimal()
		return decimalNanos(u, s)
	}
	f := d.tok.Float64()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, 0, errNotFinite
	}
	bits := 64
	if d.tok.Kind == stream.KindFloat32 {
		bits = 32
	}
	v, ok := parseDecimal(strconv.FormatFloat(f, 'e', -1, bits))
	if !ok {
		return 0, 0, errNotFinite
	}
	return decimalNanos(v.Unscaled, v.Scale)
}

// integerTime returns the time of integer v in the unit DecOptions.IntegerTimes
// names.
func (d *decodeState) integerTime(v int64) time.Time {
	if d.cfg.opts.IntegerTimes == IntegerTimesSeconds {
		return time.Unix(v, 0).UTC()
	}
	return time.UnixMilli(v).UTC()
}

// durationDecoder is the decoder of time.Duration: an integer count of
// nanoseconds, as encoding/json, and with DecOptions.DecimalDurations a
// BigDecimal or float count of seconds, as jackson-datatype-jsr310 writes
// java.time.Duration.
func durationDecoder(t reflect.Type) decoderFunc {
	ints := intDecoder(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindBigDecimal, stream.KindFloat32, stream.KindFloat64:
			if !d.cfg.opts.DecimalDurations {
				break
			}
			sec, nsec, err := d.tokSeconds()
			const maxSec = math.MaxInt64 / int64(time.Second)
			if err == nil && (sec > maxSec || sec < -maxSec) {
				err = strconv.ErrRange
			}
			if err != nil {
				if _, ok := err.(*LimitError); ok {
					return err
				}
				return d.typeErrorErr(t, err)
			}
			n := sec*int64(time.Second) + nsec // |sec| ≤ maxSec: only the sum can overflow
			if (sec > 0 && n < 0) || (sec < 0 && n > 0) {
				return d.typeErrorErr(t, strconv.ErrRange)
			}
			*(*time.Duration)(p) = time.Duration(n)
			return nil
		}
		return ints(d, p)
	}
}

// decodeTime accepts RFC 3339 text, integer epoch milliseconds or seconds
// (DecOptions.IntegerTimes), and decimal epoch seconds (decode_time.go).
func decodeTime(d *decodeState, p unsafe.Pointer) error {
	tp := (*time.Time)(p)
	switch d.tok.Kind {
	case stream.KindString:
		var t time.Time
		if err := t.UnmarshalText(d.tok.Bytes()); err != nil {
			return d.typeErrorErr(timeType, err)
		}
		*tp = t
	case stream.KindInt:
		*tp = d.integerTime(d.tok.Int())
	case stream.KindBigInt:
		v, ok := bigBytesInt64(d.tok.BigIntBytes())
		if !ok {
			return d.typeErrorErr(timeType, strconv.ErrRange)
		}
		*tp = d.integerTime(v)
	case stream.KindBigDecimal, stream.KindFloat32, stream.KindFloat64:
		sec, nsec, err := d.tokSeconds()
		if err != nil {
			if _, ok := err.(*LimitError); ok {
				return err
			}
			return d.typeErrorErr(timeType, err)
		}
		*tp = time.Unix(sec, nsec).UTC()
	case stream.KindNull:
	default:
		return d.typeError(timeType)
	}
	return nil
}
