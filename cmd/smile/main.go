// Command smile converts between Smile and JSON and inspects Smile data.
//
// Usage:
//
//	smile fromjson [flags] [FILE]   JSON -> Smile
//	smile tojson [flags] [FILE]     Smile -> JSON
//	smile dump [flags] [FILE]       one line per token: offset, bytes, meaning
//	smile validate [flags] [FILE]   exit 0 when the input is well-formed Smile
//	smile get [flags] POINTER [FILE]  print the JSON of the value at POINTER
//	smile help [COMMAND]
//
// FILE absent or "-" means standard input; output goes to standard output.
// Every command refuses input with nothing in it (for fromjson, also white
// space alone): it prints "unexpected end of input: no value (the input is
// empty)" with the offset and exits 1, as for any bad input; get exits 2
// on bad input, since its exit code 1 means that nothing is at the
// pointer (as grep's 1 means no match).
//
// Validate accepts one or more root values: the header first (unless
// --require-header=false), then values, which end markers (0xFF) may
// follow and headers may separate, as fromjson writes them and tojson
// reads them. Empty input, or headers and end markers alone, is an error,
// as for smile.Valid, which accepts exactly one root value.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// command is one subcommand of the tool.
type command struct {
	name    string
	args    string
	summary string
	// doc, when set, is what "smile help COMMAND" says after the summary.
	doc string
	// flags declares the command's flags on fs and returns the function
	// that runs it once they are parsed.
	flags func(fs *flag.FlagSet) runFunc
	// operand, when set, names the argument the command takes before
	// FILE (its runFunc reads it as fs.Arg(0)).
	operand string
	// failCode is the exit code of a failure (bad input), 1 when 0.
	// errNothing, a command's "no result", exits 1 silently.
	failCode int
}

// runFunc does a command's work on its input.
type runFunc func(in io.Reader, out io.Writer) error

var commands = []*command{
	{name: "fromjson", args: "[FILE]", summary: "convert JSON text to Smile (one Smile document per JSON value)", doc: fromJSONDoc, flags: fromJSONFlags},
	{name: "tojson", args: "[FILE]", summary: "convert Smile to JSON text (one line per document)", doc: toJSONDoc, flags: toJSONFlags},
	{name: "dump", args: "[FILE]", summary: "print one line per token: byte offset, raw bytes in hex, meaning", doc: dumpDoc, flags: dumpFlags},
	{name: "validate", args: "[FILE]", summary: "check that the input is well-formed Smile holding one or more root values; exit 1 with the error otherwise", doc: validateDoc, flags: validateFlags},
	{name: "get", args: "POINTER [FILE]", summary: "print the JSON text of the value at a JSON Pointer (\"*\" a wildcard: one line per match); exit 1 when nothing is there, 2 on error", doc: getDoc, flags: getFlags, operand: "POINTER", failCode: 2},
}

// fromJSONDoc says what fromjson writes for each JSON value, and which
// input it refuses.
const fromJSONDoc = `Each JSON value of the input (values may follow one another, separated by
white space, as in JSON Lines) becomes one Smile document, with the bytes
Jackson's JsonParser and SmileGenerator write for it. Empty input, or white
space alone, is an error, as for encoding/json. An integer literal becomes
the smallest Smile integer that holds it (a BigInteger beyond int64). A
literal with a fraction or an exponent becomes a float64, or with
--big-decimals an exact BigDecimal. One beyond the float64 range, such as
1e400, is an error, as for encoding/json: as a float64 it is an infinity,
which tojson cannot write back as a JSON number. --big-decimals writes it
exactly, and --allow-overflow-to-infinity writes the infinity, as Jackson
does. A literal too small for float64 (1e-400) becomes 0, as in
encoding/json and Jackson.
`

// toJSONDoc says what tojson writes, and which input it refuses.
const toJSONDoc = `Each Smile document (each root value) of the input becomes one line of JSON
text. Empty input, or headers and end markers with no value, is an error,
as for validate. NaN and infinities have no JSON form: they are an error
unless --non-finite-strings.
`

// dumpDoc says how dump lays out its lines.
const dumpDoc = `Each token gets one line: its byte offset in hex, its first 12 bytes in hex
(then "…" when it is longer), and what it means, indented two spaces per
level of nesting; a run of headers gets a line of its own. Past 64 levels
the indentation stops growing, and the line shows its depth before the
meaning instead, such as "(depth 65) [", so that the output stays
proportional to the input however deep it nests. Empty input is an error,
as for the other commands; input of headers alone prints their line.
`

// validateDoc says exactly what validate accepts.
const validateDoc = `The input must start with the 4-byte Smile header (required by default; with
--require-header=false it may also start without one, read with Jackson's
headerless defaults), then hold one or more root values. End markers (0xFF)
may follow a value, and a header between root values starts a new document
(with empty shared tables; --keep-names-across-headers keeps the names), so
the input may hold several documents: what fromjson writes for several JSON
values, and what tojson and a smile.Decoder read. Empty input, or headers
and end markers with no value, is an error, as smile.Valid reports for a
document with no value; smile.Valid (and Unmarshal) also refuse a second
root value, which validate accepts. Every token is read in full and checked
against the limits below; strings must be valid UTF-8 unless
--allow-invalid-utf8. On success validate prints the number of root values,
tokens and bytes (nothing with -q) and exits 0; on bad input it prints the
error with its byte offset and exits 1.
`

// errUsage marks an error in the command line; the exit code is 2.
var errUsage = errors.New("usage")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the tool and returns its exit code: 0 success, 1 failure of
// the work (bad input), 2 a usage error.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fs := newFlagSet(c, stdout)
				c.flags(fs)
				fs.Usage()
				return 0
			}
		}
		usage(stdout)
		return 0
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "smile: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	fs := newFlagSet(c, stderr)
	runFn := c.flags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	file := fs.Arg(0)
	failCode := 1
	if c.failCode != 0 {
		failCode = c.failCode
	}
	if c.operand != "" {
		if fs.NArg() == 0 {
			fmt.Fprintf(stderr, "smile %s: needs %s\n", c.name, c.operand)
			return 2
		}
		if fs.NArg() > 2 {
			fmt.Fprintf(stderr, "smile %s: takes %s and at most one FILE, got %d arguments\n", c.name, c.operand, fs.NArg())
			return 2
		}
		file = fs.Arg(1)
	} else if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "smile %s: takes at most one FILE, got %d arguments\n", c.name, fs.NArg())
		return 2
	}
	in, closeIn, err := openInput(file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "smile %s: %v\n", c.name, err)
		return failCode
	}
	defer closeIn()
	if err := runFn(in, stdout); err != nil {
		if errors.Is(err, errNothing) {
			return 1
		}
		err = commandErr(err)
		if errors.Is(err, errUsage) || isBadFlagValue(err) {
			fmt.Fprintf(stderr, "smile %s: %v\n", c.name, err)
			return 2
		}
		fmt.Fprintf(stderr, "smile %s: %v\n", c.name, err)
		return failCode
	}
	return 0
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func newFlagSet(c *command, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("smile "+c.name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: smile %s [flags] %s\n\n%s.\n", c.name, c.args, c.summary)
		if c.doc != "" {
			fmt.Fprintf(out, "\n%s\n", c.doc)
		}
		fmt.Fprintf(out, "FILE absent or \"-\" reads standard input.\n\nflags:\n")
		fs.PrintDefaults()
	}
	return fs
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "smile converts between Smile (Jackson's binary JSON) and JSON, and inspects Smile data.")
	fmt.Fprintln(w, "\nusage: smile COMMAND [flags] [FILE]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  help      show this text, or a command's flags: smile help COMMAND")
	fmt.Fprintln(w, "\nFILE absent or \"-\" reads standard input. Every command refuses empty input\n(fromjson also white space alone) and exits 1, as for any bad input; get exits\n2, since its exit code 1 means that nothing is at the pointer.")
}

func openInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "" || name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
