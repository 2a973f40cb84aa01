package transcode

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsStayBelowRoot keeps the layering binary <- stream <-
// internal/transcode <- smile: the package's own files (tests aside) may
// import the standard library, stream, binary, internal/hint and
// internal/seam, and nothing else of the module, so that the root package
// can import it.
func TestImportsStayBelowRoot(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files found: %v", err)
	}
	allowed := map[string]bool{
		"github.com/go-smile/smile/stream": true,
		"github.com/go-smile/smile/binary": true,
		// Below stream: the advice of error messages.
		"github.com/go-smile/smile/internal/hint": true,
		// Below stream: the key to stream's internal methods.
		"github.com/go-smile/smile/internal/seam": true,
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			std := !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
			if !std && !allowed[path] {
				t.Errorf("%s imports %s; internal/transcode may import only the standard library, stream, binary, internal/hint and internal/seam", name, path)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no non-test files checked")
	}
}
