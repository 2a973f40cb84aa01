package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
)

// decFlags holds the flags that say how Smile input is read.
type decFlags struct {
	opts          smile.DecOptions
	requireHeader bool
}

// declare declares the decoding flags on fs.
func (d *decFlags) declare(fs *flag.FlagSet) {
	fs.BoolVar(&d.requireHeader, "require-header", true, "fail when the input does not start with the Smile header (false: read it with Jackson's headerless defaults)")
	fs.IntVar(&d.opts.MaxDepth, "max-depth", smile.DefaultMaxDepth, "maximum nesting of arrays and objects")
	fs.IntVar(&d.opts.MaxStringLen, "max-string-len", smile.DefaultMaxStringLen, "maximum bytes of one string or key")
	fs.IntVar(&d.opts.MaxBinaryLen, "max-binary-len", smile.DefaultMaxBinaryLen, "maximum bytes of one binary value")
	fs.IntVar(&d.opts.MaxBigNumberLen, "max-big-number-len", smile.DefaultMaxBigNumberLen, "maximum bytes of one BigInteger or BigDecimal magnitude")
	fs.BoolVar(&d.opts.AllowInvalidUTF8, "allow-invalid-utf8", false, "accept strings that are not valid UTF-8")
	fs.BoolVar(&d.opts.Lenient7Bit, "lenient-7bit", false, "accept 7-bit binary bytes with the high bit set, as Jackson does")
	fs.BoolVar(&d.opts.KeepNamesAcrossHeaders, "keep-names-across-headers", false, "keep the shared-name table at a header in mid-stream, as Jackson does")
}

// mode validates the parsed flags. The commands read tokens in a loop and
// never decode into Go values, so --max-depth may exceed
// smile.MaxDepthLimit: past it the mode's own MaxDepth is the default,
// and the Reader's options (readerOptions) carry the flag's value.
func (d *decFlags) mode() (smile.DecMode, error) {
	o := d.opts
	o.HeaderOptional = !d.requireHeader
	if o.MaxDepth > smile.MaxDepthLimit {
		o.MaxDepth = 0
	}
	m, err := o.DecMode()
	if err != nil {
		return m, fmt.Errorf("%w: %v", errUsage, commandErr(err))
	}
	return m, nil
}

// readerOptions returns the options of the Reader that reads the input
// under mode m, made by d.mode, with --max-depth as given.
func (d *decFlags) readerOptions(m smile.DecMode) stream.ReaderOptions {
	ro := m.ReaderOptions()
	if d.opts.MaxDepth > smile.MaxDepthLimit {
		ro.MaxDepth = d.opts.MaxDepth
	}
	return ro
}

// encFlags declares the flags that choose the Smile features written.
func encFlags(fs *flag.FlagSet) *smile.EncOptions {
	o := new(smile.EncOptions)
	fs.BoolVar(&o.SharedValues, "shared-values", false, "back-reference repeated short string values (header bit 1)")
	fs.BoolVar(&o.DisableSharedNames, "no-shared-names", false, "write every property name in full (header bit 0 cleared)")
	fs.BoolVar(&o.OmitHeader, "no-header", false, "leave out the 4-byte header (not with --shared-values or --raw-binary)")
	fs.BoolVar(&o.EndMarker, "end-marker", false, "end every document with the 0xFF end marker")
	fs.BoolVar(&o.RawBinary, "raw-binary", false, "write binary raw (0xFD) instead of 7-bit encoded")
	return o
}

func fromJSONFlags(fs *flag.FlagSet) runFunc {
	enc := encFlags(fs)
	bigDec := fs.Bool("big-decimals", false, "write JSON decimals as exact BigDecimal instead of float64")
	toInf := fs.Bool("allow-overflow-to-infinity", false, "write a decimal beyond the float64 range (1e400) as an infinite float64, as Jackson does, instead of failing")
	maxDepth := fs.Int("max-depth", smile.DefaultMaxDepth, "maximum nesting of the JSON input")
	maxNumberLen := fs.Int("max-number-len", compat.DefaultMaxNumberLen, "maximum length of a number in the JSON input, in bytes")
	return func(in io.Reader, out io.Writer) error {
		if _, err := enc.EncMode(); err != nil {
			return fmt.Errorf("%w: %v", errUsage, commandErr(err))
		}
		w := bufio.NewWriter(out)
		if err := compat.FromJSON(w, in, compat.FromJSONOptions{Enc: *enc, DecimalsAsBigDecimal: *bigDec,
			AllowOverflowToInfinity: *toInf, MaxDepth: *maxDepth, MaxNumberLen: *maxNumberLen}); err != nil {
			w.Flush()
			return err
		}
		return w.Flush()
	}
}

func toJSONFlags(fs *flag.FlagSet) runFunc {
	var dec decFlags
	dec.declare(fs)
	pretty := fs.Bool("pretty", false, "indent the JSON output")
	nonFinite := fs.Bool("non-finite-strings", false, `write NaN and infinities as "NaN", "Infinity", "-Infinity" instead of failing`)
	return func(in io.Reader, out io.Writer) error {
		mode, err := dec.mode()
		if err != nil {
			return err
		}
		opts := compat.ToJSONOptions{Dec: mode.DecOptions(), NonFiniteAsStrings: *nonFinite}
		opts.Dec.MaxDepth = dec.readerOptions(mode).MaxDepth
		if *pretty {
			opts.Indent = "  "
		}
		return compat.ToJSON(out, in, opts)
	}
}

func validateFlags(fs *flag.FlagSet) runFunc {
	var dec decFlags
	dec.declare(fs)
	quiet := fs.Bool("q", false, "print nothing when the input is valid")
	return func(in io.Reader, out io.Writer) error {
		mode, err := dec.mode()
		if err != nil {
			return err
		}
		r, err := stream.NewReaderFrom(in, dec.readerOptions(mode))
		if err != nil {
			return err
		}
		values, tokens := 0, 0
		for {
			tok, err := r.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			tokens++
			if r.Depth() == 0 && tok.Kind != stream.KindEndOfDocument {
				values++ // a root scalar, or the end of a root container
			}
		}
		if values == 0 {
			// What smile.Valid says of a document without a value, in
			// the words of tojson's error for it.
			if r.InputOffset() > 0 {
				return transcode.NoValueError(r.InputOffset(), "the input holds only headers and end markers")
			}
			return transcode.NoValueError(0, "the input is empty")
		}
		if !*quiet {
			fmt.Fprintf(out, "valid Smile: %d root value(s), %d tokens, %d bytes\n", values, tokens, r.InputOffset())
		}
		return nil
	}
}
