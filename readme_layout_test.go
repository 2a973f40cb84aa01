package smile

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeLayoutListsEveryFile keeps the README's table of the root
// package's files true: every non-test Go file of the package is named in
// it, and every file it names exists.
func TestReadmeLayoutListsEveryFile(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	const heading = "### The root package, file by file"
	_, section, ok := strings.Cut(string(readme), heading)
	if !ok {
		t.Fatalf("README.md has no %q section", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []string
	for _, m := range regexp.MustCompile("`([a-z0-9_]+\\.go)`").FindAllStringSubmatch(section, -1) {
		listed = append(listed, m[1])
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") && !slices.Contains(listed, f) {
			t.Errorf("%s is not in README.md's table of the root package's files", f)
		}
	}
	for _, f := range listed {
		if !slices.Contains(files, f) {
			t.Errorf("README.md's table names %s, which does not exist", f)
		}
	}
}
