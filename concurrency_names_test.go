package smile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestConcurrencyTestsNamed checks the convention CI's race step relies
// on: in the packages whose whole suites are too slow under -race (this
// one and stream), CI runs only the tests whose names contain
// "Concurrent", so every test there that starts a goroutine (a go
// statement or t.Parallel in its body) must be named so.
func TestConcurrencyTestsNamed(t *testing.T) {
	for _, dir := range []string{".", "stream"} {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) == 0 {
			t.Fatalf("%s: no test files", dir)
		}
		fset := token.NewFileSet()
		checked := 0
		for _, name := range files {
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Test") {
					continue
				}
				if startsGoroutines(fn.Body) {
					checked++
					if !strings.Contains(fn.Name.Name, "Concurrent") {
						t.Errorf("%s: %s starts goroutines but its name lacks \"Concurrent\": .ci/run's race step would not run it", name, fn.Name.Name)
					}
				}
			}
		}
		if dir == "." && checked == 0 {
			t.Errorf("%s: found no test that starts goroutines; the check has gone blind", dir)
		}
	}
}

// startsGoroutines reports whether body has a go statement or calls a
// Parallel method.
func startsGoroutines(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			found = true
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Parallel" {
				found = true
			}
		}
		return !found
	})
	return found
}
