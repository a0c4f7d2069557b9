package tablero_test

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// serverAddr is the address of the tablero server TestMain starts for the whole package.
var serverAddr string

// apiKey is the API key that server knows, with the scopes in testScopes (made afresh per run):
// the tests' backend, which chooses seeds.
var apiKey = "tbk_test_" + rand.Text()

// testScopes are the scopes of the tests' key unless a test asks for more.
var testScopes = []string{"create", "setup", "list", "delete", "seats"}

// keyEntries is the server's key list (TOML) holding key with scopes, stored as its SHA-256.
func keyEntries(key string, scopes []string) string {
	sum := sha256.Sum256([]byte(key))
	quoted := make([]string, len(scopes))
	for i, s := range scopes {
		quoted[i] = strconv.Quote(s)
	}
	return fmt.Sprintf("[[key]]\nname = \"go-tests\"\nsha256 = %q\nscopes = [%s]\n",
		hex.EncodeToString(sum[:]), strings.Join(quoted, ", "))
}

// TestMain starts the real server binary once on a free loopback port and stops it after.
// The binary is $TABLERO_BIN (a relative path is taken from the module root, clients/go), else
// ../../target/debug/tablero from the module root.
func TestMain(m *testing.M) {
	srv, err := startServer(keyEntries(apiKey, testScopes))
	if err != nil {
		fmt.Fprintln(os.Stderr, "tablero server:", err)
		os.Exit(1)
	}
	serverAddr = srv.addr
	code := m.Run()
	srv.stop()
	if code != 0 && srv.logs.Len() > 0 {
		fmt.Fprintf(os.Stderr, "--- server log (tail) ---\n%s\n", srv.logs.String())
	}
	os.Exit(code)
}

type server struct {
	cmd  *exec.Cmd
	addr string
	logs *tailBuffer
	done chan struct{}
}

var listening = regexp.MustCompile(`^tablero listening on (\S+)`)

// startServer runs the server binary (with args) knowing the API keys of keys (TOML).
func startServer(keys string, args ...string) (*server, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	bin := os.Getenv("TABLERO_BIN")
	if bin == "" {
		bin = filepath.Join("..", "..", "target", "debug", "tablero")
	}
	if !filepath.IsAbs(bin) {
		bin = filepath.Join(root, bin)
	}
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("no server binary at %s (build it with `cargo build -p tablero-service` or set TABLERO_BIN): %w", bin, err)
	}
	cmd := exec.Command(bin, append([]string{"--listen", "127.0.0.1:0"}, args...)...)
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "TABLERO_API_KEYS_FILE=") // only the test key
	})
	cmd.Env = append(env, "TABLERO_STORE=memory", "TABLERO_API_KEYS="+keys)
	setDeathSignal(cmd)
	logs := &tailBuffer{max: 64 << 10}
	cmd.Stderr = logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	srv := &server{cmd: cmd, logs: logs, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(srv.done) }()

	first := make(chan string, 1)
	go func() {
		r := bufio.NewReader(stdout)
		line, _ := r.ReadString('\n')
		first <- line
		_, _ = io.Copy(io.Discard, r) // keep draining so the server never blocks on stdout
	}()
	select {
	case line := <-first:
		match := listening.FindStringSubmatch(line)
		if match == nil {
			srv.stop()
			return nil, fmt.Errorf("unexpected first line %q; stderr:\n%s", line, logs.String())
		}
		srv.addr = match[1]
		return srv, nil
	case <-time.After(30 * time.Second):
		srv.stop()
		return nil, fmt.Errorf("no `tablero listening on` line within 30s; stderr:\n%s", logs.String())
	}
}

// stop asks the server to drain (SIGTERM; open watch streams end on shutdown) and kills it if
// it has not exited within 10 seconds.
func (s *server) stop() {
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil { // e.g. on Windows
		_ = s.cmd.Process.Kill()
	}
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// moduleRoot is the directory holding go.mod, searched upwards from the working directory
// (go test runs in the package directory).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// tailBuffer keeps the last max bytes written to it; safe for concurrent use.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.buf)
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
