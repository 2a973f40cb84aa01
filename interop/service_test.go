package interop

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The live Jackson service (jvm/SmileService.java, which documents its
// endpoints) is compiled with javac and started once per Jackson version
// for the whole test binary: on Jackson 2.19 (core, annotations, databind
// and Smile from the shared folder beside the checkout, or
// $SMILE_JACKSON_DIR/2.19) and on Debian's jackson-dataformat-smile 2.7.8
// (with Debian's jackson-core and jackson-databind 2.14, which
// `apt-get install -y default-jdk-headless libjackson2-dataformat-smile
// libjackson2-databind-java` installs). A version whose jars are missing
// is skipped, saying why, unless SMILE_REQUIRE_JACKSON names it (as CI
// does), which makes the skip a failure.
//
// The service listens on 127.0.0.1 at a free port, which it prints. It
// stops when its standard input closes, which TestMain does at the end
// (and the operating system does if the test binary dies), and its own
// watchdog halts it after serviceMaxSeconds whatever happens.

// serviceMaxSeconds bounds the life of a service process.
const serviceMaxSeconds = 300

// A jackson is one Jackson version the service runs on.
type jackson struct {
	version string   // "2.19" or "2.7.8"
	jars    []string // its classpath
}

// jacksons returns the versions the service can run on.
func jacksons() []jackson {
	shared := os.Getenv("SMILE_JACKSON_DIR")
	if shared == "" {
		shared = filepath.Join("..", "..", "shared", "jackson")
	}
	j := filepath.Join(shared, "2.19")
	d := "/usr/share/java"
	return []jackson{
		{"2.19", []string{
			filepath.Join(j, "jackson-core-2.19.0.jar"),
			filepath.Join(j, "jackson-annotations-2.19.0-SNAPSHOT.jar"),
			filepath.Join(j, "jackson-databind-2.19.0-rc2.jar"),
			filepath.Join(j, "jackson-dataformat-smile-2.19.0-SNAPSHOT.jar"),
			filepath.Join(j, "fastdoubleparser-1.0.90.jar"),
		}},
		{"2.7.8", []string{
			filepath.Join(d, "jackson-core.jar"),
			filepath.Join(d, "jackson-annotations.jar"),
			filepath.Join(d, "jackson-databind.jar"),
			filepath.Join(d, "jackson-dataformat-smile.jar"),
		}},
	}
}

// A service is a running SmileService.
type service struct {
	jackson string // the version asked for
	url     string // http://127.0.0.1:PORT
	banner  string // its first line: the port and the versions it runs on
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	classes string // the class directory, for the client mode
	cp      string
	err     error // why it could not start
}

var (
	servicesOnce sync.Once
	services     []*service
)

// startServices starts the service on every Jackson version once.
func startServices() []*service {
	servicesOnce.Do(func() {
		for _, j := range jacksons() {
			services = append(services, startService(j))
		}
	})
	return services
}

// stopServices closes the services' standard input and waits for them to
// exit, killing any that has not after 5 s.
func stopServices() {
	for _, s := range services {
		if s.cmd == nil {
			continue
		}
		s.stdin.Close()
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopServices()
	os.Exit(code)
}

// requiredJackson reports whether SMILE_REQUIRE_JACKSON names version.
func requiredJackson(version string) bool {
	for _, v := range strings.Fields(os.Getenv("SMILE_REQUIRE_JACKSON")) {
		if v == version {
			return true
		}
	}
	return false
}

// forEachService runs f in a subtest per Jackson version, skipping (or,
// if required, failing) a version whose service did not start.
func forEachService(t *testing.T, f func(t *testing.T, s *service)) {
	t.Helper()
	for _, s := range startServices() {
		t.Run("jackson-"+s.jackson, func(t *testing.T) {
			if s.err != nil {
				if requiredJackson(s.jackson) {
					t.Fatalf("Jackson %s is required (SMILE_REQUIRE_JACKSON=%q) but the service did not start: %v", s.jackson, os.Getenv("SMILE_REQUIRE_JACKSON"), s.err)
				}
				t.Skipf("Jackson %s: %v", s.jackson, s.err)
			}
			f(t, s)
		})
	}
}

var bannerRE = regexp.MustCompile(`^listening (127\.0\.0\.1:[0-9]+) `)

func startService(j jackson) *service {
	s := &service{jackson: j.version}
	for _, jar := range j.jars {
		if _, err := os.Stat(jar); err != nil {
			s.err = fmt.Errorf("missing %s", jar)
			return s
		}
	}
	if _, err := exec.LookPath("javac"); err != nil {
		s.err = errors.New("no javac (apt-get install -y default-jdk-headless)")
		return s
	}
	s.cp = strings.Join(j.jars, string(os.PathListSeparator))
	s.classes, s.err = compileService(s.cp)
	if s.err != nil {
		return s
	}
	s.cmd = exec.Command("java", "-Xmx512m", "-cp", s.classes+string(os.PathListSeparator)+s.cp, "SmileService", "serve", fmt.Sprint(serviceMaxSeconds))
	s.cmd.Stderr = os.Stderr
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		s.err = err
		return s
	}
	if s.stdin, err = s.cmd.StdinPipe(); err != nil {
		s.err = err
		return s
	}
	if err := s.cmd.Start(); err != nil {
		s.err = err
		s.cmd = nil
		return s
	}
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		io.Copy(io.Discard, stdout)
	}()
	select {
	case l, ok := <-line:
		m := bannerRE.FindStringSubmatch(l)
		if !ok || m == nil {
			s.err = fmt.Errorf("the service printed %q, not its port", l)
			s.stdin.Close()
			s.cmd.Process.Kill()
			s.cmd.Wait()
			s.cmd = nil
			return s
		}
		s.url, s.banner = "http://"+m[1], l
	case <-time.After(60 * time.Second):
		s.err = errors.New("the service printed no port in 60 s")
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
	return s
}

// compileService compiles jvm/SmileService.java against the classpath cp
// into a directory under os.TempDir named by the hash of the source and
// cp, and returns it; a directory compiled before is reused (javac takes
// seconds).
func compileService(cp string) (string, error) {
	src, err := os.ReadFile(filepath.Join("jvm", "SmileService.java"))
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write(src)
	h.Write([]byte{0})
	h.Write([]byte(cp))
	dir := filepath.Join(os.TempDir(), "go-smile-interop-jvm-"+hex.EncodeToString(h.Sum(nil))[:16])
	if _, err := os.Stat(filepath.Join(dir, "SmileService.class")); err == nil {
		return dir, nil
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "go-smile-interop-jvm-build-")
	if err != nil {
		return "", err
	}
	out, err := exec.Command("javac", "-nowarn", "-encoding", "UTF-8", "-cp", cp, "-d", tmp, filepath.Join("jvm", "SmileService.java")).CombinedOutput()
	if err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("javac: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		if _, err := os.Stat(filepath.Join(dir, "SmileService.class")); err == nil {
			return dir, nil // compiled by another test binary at the same time
		}
		return "", err
	}
	return dir, nil
}

// runClient runs the service's client mode (Jackson's HttpClient) against
// the Go handler at url, and returns its output.
func (s *service) runClient(url string) (string, error) {
	cmd := exec.Command("java", "-Xmx256m", "-cp", s.classes+string(os.PathListSeparator)+s.cp, "SmileService", "client", url)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
