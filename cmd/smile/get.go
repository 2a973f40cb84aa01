package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/go-smile/smile"
)

// getDoc says what get prints, and the syntax of its pointers.
const getDoc = `POINTER is an RFC 6901 JSON Pointer: "" is the root value, "/a/0" element 0
of member "a" (or its member "0", if it is an object); in a token "~1"
stands for "/" and "~0" for "~". get prints the JSON text of the value
there, as tojson prints it, then a newline, and exits 0. When nothing is
there, it prints nothing and exits 1. Bad input, a bad POINTER or flag,
and a NaN or infinity (which has no JSON form) print the error and exit 2;
so does empty input, or headers and end markers with no value.

A reference token that is exactly "*" is a wildcard: it matches every
element of an array and every member of an object, and get prints one line
per match, in input order, as it reads them; for a key named "*", write
"~2" (or give --literal, which makes POINTER plain RFC 6901, "*" a key).
So "/*/user/screen_name" prints the screen name of every status of a root
array of statuses, in memory that stays that of one status however long
the array.

get reads the first document of the input, only as far as it needs: with
no wildcard it stops at the value, and does not check what follows it.
What it reads it checks as tojson does, with the limits below. With
duplicate keys it takes the first (with a wildcard, each).
`

// errNothing is get's error when nothing is at the pointer: exit 1,
// nothing printed.
var errNothing = errors.New("nothing at the pointer")

func getFlags(fs *flag.FlagSet) runFunc {
	var dec decFlags
	dec.declare(fs)
	literal := fs.Bool("literal", false, `read POINTER as plain RFC 6901, with "*" a key, not a wildcard`)
	return func(in io.Reader, out io.Writer) error {
		pointer := fs.Arg(0)
		if dec.opts.MaxDepth > smile.MaxDepthLimit {
			return fmt.Errorf("%w: get takes --max-depth up to %d", errUsage, smile.MaxDepthLimit)
		}
		mode, err := dec.mode()
		if err != nil {
			return err
		}
		wild := false
		var q *smile.Query
		if *literal {
			q, err = mode.Compile(pointer)
		} else {
			q, err = mode.CompilePattern(pointer)
			wild = strings.HasPrefix(pointer, "/") && strings.Contains("/"+pointer[1:]+"/", "/*/")
		}
		if err != nil {
			return fmt.Errorf("%w: %v", errUsage, err)
		}
		w := bufio.NewWriterSize(out, 64<<10)
		var line []byte
		matches := 0
		print := func(n smile.Node) error {
			line, err = n.AppendJSON(line[:0])
			if err != nil {
				return err
			}
			line = append(line, '\n')
			matches++
			_, err = w.Write(line)
			return err
		}
		if wild {
			var perr error
			err = q.EachFrom(in, func(_ int, n smile.Node) bool {
				perr = print(n)
				return perr == nil
			})
			if err == nil {
				err = perr
			}
		} else {
			var nodes []smile.Node
			if nodes, err = q.GetFrom(in); err == nil && nodes[0].Exists() {
				err = print(nodes[0])
			}
		}
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
		if err == nil && matches == 0 {
			return errNothing
		}
		return err
	}
}
