package main

import (
	"errors"

	"github.com/go-smile/smile/internal/hint"
)

// vocab names, in the library's error messages, the flags of this command
// that set the options those messages advise.
var vocab = &hint.Vocabulary{
	Names: map[hint.Option]string{
		hint.HeaderOptional:          "--require-header=false",
		hint.MaxDepth:                "--max-depth",
		hint.MaxStringLen:            "--max-string-len",
		hint.MaxBinaryLen:            "--max-binary-len",
		hint.MaxBigNumberLen:         "--max-big-number-len",
		hint.MaxNumberLen:            "--max-number-len",
		hint.DecimalsAsBigDecimal:    "--big-decimals",
		hint.AllowOverflowToInfinity: "--allow-overflow-to-infinity",
		hint.AllowInvalidUTF8:        "--allow-invalid-utf8",
		hint.Lenient7Bit:             "--lenient-7bit",
		hint.KeepNamesAcrossHeaders:  "--keep-names-across-headers",
		hint.NonFiniteAsStrings:      "--non-finite-strings",
		hint.OmitHeader:              "--no-header",
		hint.SharedValues:            "--shared-values",
		hint.RawBinary:               "--raw-binary",
	},
	Set:      "use",
	FromJSON: "smile fromjson",
}

// commandErr returns err, from the library, with the options its text
// names given as this command's flags.
func commandErr(err error) error { return hint.Relabel(err, vocab) }

// isBadFlagValue reports whether err is a flag set to a value its option
// cannot take, which is a usage error.
func isBadFlagValue(err error) bool {
	var oe *hint.OptionError
	return errors.As(err, &oe)
}
