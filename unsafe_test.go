package smile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestUnsafeOnlyInRT keeps the value layout in internal/rt: every Go file
// of the tree outside internal/rt (this package's, stream's, the other
// packages' and modules', tests included) may use unsafe.Pointer as a type
// (in signatures, fields and conversions), and no other name of package
// unsafe (Add, Slice, String, Sizeof, ...); internal/rt and internal/rt/view
// have a documented helper for each use.
func TestUnsafeOnlyInRT(t *testing.T) {
	var files []string
	err := filepath.WalkDir(".", func(path string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && (path == filepath.Join("internal", "rt") || e.Name() == "testdata" || strings.HasPrefix(e.Name(), ".")) && path != ".":
			return filepath.SkipDir
		case !e.IsDir() && strings.HasSuffix(path, ".go"):
			files = append(files, path)
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files found: %v", err)
	}
	fset := token.NewFileSet()
	uses := 0
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		local := "" // the name package unsafe is imported under
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "unsafe" {
				local = "unsafe"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == local {
				uses++
				if sel.Sel.Name != "Pointer" {
					t.Errorf("%s: unsafe.%s outside internal/rt; use or add an rt helper", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
	if uses == 0 {
		t.Fatal("no use of package unsafe found: the test reads the wrong files")
	}
}
