package golden

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Jackson is one Jackson build that wrote golden files, with the behaviours in which the builds
// differ. testdata/golden/README.md says how each difference was found.
type Jackson struct {
	// Name is the version as file names and MANIFEST give it: "2.7.8", "2.18.3" or "2.19".
	Name string
	// Core and Smile are the versions of jackson-core and jackson-dataformat-smile.
	Core, Smile string

	// Float32SignExtended: SmileGenerator writes a negative float32 with the unused high bits of
	// its first byte set (28 78..7F ...), as every Smile module before 2.19.0 does; 2.19.0 writes
	// them as zero, as the specification says (jackson-dataformats-binary#300, commit 76243f8a).
	Float32SignExtended bool

	// BigIntegerFrom19Digits: the JSON parser reads an integer literal of 19 digits or more as a
	// BigInteger even when it fits in a long (9223372036854775807 is copied as 26 ...). Only
	// Debian 12's jackson-core 2.14.1-2~deb12u1 does: its security patches carry the
	// _parseSlowInt of 2.15 without the 19-digit branch that 2.15 added to _parseNumericValue
	// (jackson-core commit 3fc89cdc, #865). Every upstream release, 2.14.1 included, reads
	// such a literal as a long.
	BigIntegerFrom19Digits bool

	// FailsOnEmptyRawBinaryAtEnd: SmileParser fails with "Unexpected end-of-input" on an empty
	// raw binary value (FD 80) that ends the input, as Smile modules before 2.12.3 do
	// (jackson-dataformats-binary commit 03daa880 read raw binary by a loop that asks for more
	// input only while bytes are due).
	FailsOnEmptyRawBinaryAtEnd bool
}

// Versions lists the Jackson builds that wrote the golden files, oldest first. The names are
// those of compat/jackson/build.sh.
var Versions = []Jackson{
	{Name: "2.7.8", Core: "2.14.1-2~deb12u1 (Debian 12)", Smile: "2.7.8 (Debian 12)",
		Float32SignExtended: true, BigIntegerFrom19Digits: true, FailsOnEmptyRawBinaryAtEnd: true},
	{Name: "2.18.3", Core: "2.18.3", Smile: "2.18.3", Float32SignExtended: true},
	{Name: "2.19", Core: "2.19.0", Smile: "2.19 (branch, commit 1925ed23)"},
}

// JacksonByName returns the entry of Versions with the given name.
func JacksonByName(name string) (Jackson, bool) {
	for _, j := range Versions {
		if j.Name == name {
			return j, true
		}
	}
	return Jackson{}, false
}

// String returns the name.
func (j Jackson) String() string { return j.Name }

// versionTag matches the group of versions in the name of a file whose bytes depend on the
// Jackson version: "g-int64-bounds.default@2.18.3+2.19.smile".
var versionTag = regexp.MustCompile(`@([0-9A-Za-z.+-]+?)\.(?:smile|txt)(?:\.gz)?$`)

// splitTag returns the name without its version tag and the versions the tag names; a name
// without a tag was written alike by all Versions.
func splitTag(name string) (plain string, js []Jackson, err error) {
	m := versionTag.FindStringSubmatchIndex(name)
	if m == nil {
		return name, Versions, nil
	}
	plain = name[:m[0]] + name[m[3]:]
	for _, v := range strings.Split(name[m[2]:m[3]], "+") {
		j, ok := JacksonByName(v)
		if !ok {
			return "", nil, fmt.Errorf("golden: %s: unknown Jackson version %q in the file name", name, v)
		}
		if slices.Contains(js, j) {
			return "", nil, fmt.Errorf("golden: %s: Jackson %s named twice", name, v)
		}
		js = append(js, j)
	}
	return plain, js, nil
}

// Variant is one file of a golden output: the bytes that the versions in Jackson write.
type Variant struct {
	Path    string    // the file (possibly .gz)
	Jackson []Jackson // oldest first; never empty
}

// Tag is "" for a file all Versions write alike, else the versions joined by '+' ("2.18.3+2.19").
func (v Variant) Tag() string {
	if len(v.Jackson) == len(Versions) {
		return ""
	}
	names := make([]string, len(v.Jackson))
	for i, j := range v.Jackson {
		names[i] = j.Name
	}
	return strings.Join(names, "+")
}

// Newest is the newest version that wrote the file. All of Jackson write the same bytes, so
// the behaviours of any of them describe the file; tests use this one.
func (v Variant) Newest() Jackson { return v.Jackson[len(v.Jackson)-1] }

// Variants returns the files of the output dir/name (name without a version tag and without
// .gz, e.g. "g-int64-bounds.default.smile"): the plain file, or one file per group of versions
// that agree. Each of Versions must have written exactly one of them.
func Variants(dir, name string) ([]Variant, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	return variantsIn(dir, name, ents)
}

func variantsIn(dir, name string, ents []os.DirEntry) ([]Variant, error) {
	var out []Variant
	seen := map[string]string{}
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, strings.TrimSuffix(name, filepath.Ext(name))) {
			continue
		}
		plain, js, err := splitTag(n)
		if err != nil {
			return nil, err
		}
		if strings.TrimSuffix(plain, ".gz") != name {
			continue
		}
		for _, j := range js {
			if prev, dup := seen[j.Name]; dup {
				return nil, fmt.Errorf("golden: %s: both %s and %s are attributed to Jackson %s", dir, prev, n, j.Name)
			}
			seen[j.Name] = n
		}
		out = append(out, Variant{Path: filepath.Join(dir, n), Jackson: js})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("golden: no file %s in %s", name, dir)
	}
	for _, j := range Versions {
		if _, ok := seen[j.Name]; !ok {
			return nil, fmt.Errorf("golden: %s/%s: no file written by Jackson %s (regenerate with compat/jackson/regen.sh)", dir, name, j.Name)
		}
	}
	slices.SortFunc(out, func(a, b Variant) int {
		return slices.Index(Versions, a.Jackson[0]) - slices.Index(Versions, b.Jackson[0])
	})
	return out, nil
}

// manifestEntry is one line of testdata/golden/MANIFEST: a file Jackson wrote (relative to
// testdata/golden, with '/') and the versions that write exactly its bytes.
type manifestEntry struct {
	Path    string
	Jackson []string
}

// readManifest reads testdata/golden/MANIFEST (written by compat/jackson/regen.sh).
func readManifest(path string) ([]manifestEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []manifestEntry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 2 {
			return nil, fmt.Errorf("golden: %s line %d: want <path> <version>...", path, n)
		}
		out = append(out, manifestEntry{Path: fs[0], Jackson: fs[1:]})
	}
	return out, sc.Err()
}
