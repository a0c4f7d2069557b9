//go:build start

// The release server started with exactly the environment each deployment file gives it, and
// held to the health check that deployment declares. The other checks read the files as text;
// this one runs them, so a setting the binary refuses (TABLERO_LOG_JSON=1 once was) fails here.
//
// Needs the release binaries (cargo build --release -p tablero-service --bin tablero --bin
// tablero-probe; or TABLERO_RELEASE_BIN / TABLERO_PROBE_BIN), redis-server and redis-cli:
//
//	go test -tags start -run TestDeploymentEnvironmentsStart -count=1 ./...
//
// Each environment is computed from the files: the Dockerfile's runtime stage ENV, then a
// compose service's environment or a Kubernetes container's (envFrom ConfigMaps and env, with
// $(VAR) expanded) on top. The only changes the test makes, each marked SUBSTITUTION below:
// the store URL points at a Redis the test starts (scheme and credentials kept), listen
// addresses get free ports (hosts kept), file paths point into directories the test fills
// the way the deployment's volumes would, and values the manifests take from Secrets or the
// downward API get the test's values. Every other variable is passed unchanged; the server
// gets no other TABLERO_* or OTEL_* variable from this process' environment.
package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/buildkit/frontend/dockerfile/shell"
	corev1 "k8s.io/api/core/v1"
	ktypes "sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/yaml"
)

const (
	// How long a started server may take to pass its health check, and to exit after SIGTERM.
	healthyWithin = 20 * time.Second
	exitWithin    = 10 * time.Second
	// The Kubernetes pod name the downward API would give (metadata.name).
	testPodName = "tablero-start-test-0"
)

// The settings that are listen addresses: SUBSTITUTION, each keeps its host and gets a free port.
var listenSettings = []string{"TABLERO_LISTEN", "TABLERO_METRICS_LISTEN"}

// The settings that name files the server reads: SUBSTITUTION, each points at the file the
// test wrote where the deployment mounts it.
var fileSettings = append(append([]string{}, secretFileSettings...), "TABLERO_STORE_TLS_CA", "TABLERO_WEBHOOKS")

// The tablero-probe flags that name files: SUBSTITUTION, as fileSettings.
var probeFileFlags = []string{"--tls-ca", "--tls-cert", "--tls-key"}

// fixtures are the test's stand-ins for what operators create outside the repository.
type fixtures struct {
	redisPassword string
	apiKeys       string // an API keys file, in the format of api-keys.example.toml
	tlsCert       string // a server certificate for the names probes ask for, signed by tlsCA
	tlsKey        string
	tlsCA         string
}

func newFixtures(t *testing.T) fixtures {
	random := func() string {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		return hex.EncodeToString(b)
	}
	key := random()
	sum := sha256.Sum256([]byte(key))
	f := fixtures{
		// URL-safe, as deploy/README.md asks of the real one.
		redisPassword: random(),
		apiKeys: fmt.Sprintf("[[key]]\nname = \"start-test\"\nsha256 = \"%s\"\nscopes = [\"create\", \"setup\", \"list\", \"delete\"]\n",
			hex.EncodeToString(sum[:])),
	}
	f.tlsCert, f.tlsKey, f.tlsCA = selfSignedTLS(t)
	return f
}

// secrets are the Kubernetes Secrets the manifests read (deploy/README.md has the operator
// create them), with the test's values.
func (f fixtures) secrets() map[string]map[string]string {
	return map[string]map[string]string{
		"tablero-redis":    {"password": f.redisPassword},
		"tablero-api-keys": {"api-keys.toml": f.apiKeys},
		// kubernetes.io/tls, with ca.crt as cert-manager writes it.
		"tablero-tls": {"tls.crt": f.tlsCert, "tls.key": f.tlsKey, "ca.crt": f.tlsCA},
	}
}

// composeHostFiles are the files operators put into the directories compose.yaml bind-mounts
// (relative to deploy/), which git does not hold: deploy/secrets/README.md.
func (f fixtures) composeHostFiles() map[string]map[string]string {
	return map[string]map[string]string{"secrets": {"api-keys.toml": f.apiKeys}}
}

// selfSignedTLS makes a CA and a server certificate it signs, for the names the probes verify
// (--tls-server-name tablero) and the loopback; PEM.
func selfSignedTLS(t *testing.T) (cert, key, ca string) {
	pemOf := func(kind string, der []byte) string {
		return string(pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}))
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	caTemplate := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "tablero start test CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	serverKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serverTemplate := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "tablero"},
		DNSNames:     []string{"tablero", "tablero-headless", "localhost"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	serverDER, err := x509.CreateCertificate(rand.Reader, serverTemplate, caCert, &serverKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(serverKey)
	if err != nil {
		t.Fatal(err)
	}
	return pemOf("CERTIFICATE", serverDER), pemOf("PRIVATE KEY", keyDER), pemOf("CERTIFICATE", caDER)
}

// image is what the Dockerfile's runtime stage gives every container of it.
type image struct {
	env        map[string]string
	entrypoint []string
	cmd        []string
	health     []string          // HEALTHCHECK's command line
	binaries   map[string]string // path in the image -> the binary's name (COPY --from=build)
}

func parseImage(t *testing.T, deployDir string) image {
	f, err := os.Open(filepath.Join(deployDir, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	stages, _, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(stages) == 0 {
		t.Fatal("Dockerfile: no stage")
	}
	lex := shell.NewLex(ast.EscapeToken)
	var stageImage func(i int) image
	stageImage = func(i int) image {
		img := image{env: map[string]string{}, binaries: map[string]string{}}
		// A stage built on an earlier one inherits its configuration.
		for j := 0; j < i; j++ {
			if stages[j].Name != "" && strings.EqualFold(stages[j].Name, stages[i].BaseName) {
				img = stageImage(j)
			}
		}
		for _, cmd := range stages[i].Commands {
			switch c := cmd.(type) {
			case *instructions.EnvCommand:
				// As BuildKit does: each value expanded with the variables set before it.
				err := c.Expand(func(word string) (string, error) {
					out, _, err := lex.ProcessWord(word, shell.EnvsFromSlice(envList(img.env)))
					return out, err
				})
				if err != nil {
					t.Fatalf("Dockerfile: ENV: %v", err)
				}
				for _, kv := range c.Env {
					img.env[kv.Key] = kv.Value
				}
			case *instructions.EntrypointCommand:
				img.entrypoint = shellForm(c.ShellDependantCmdLine)
				img.cmd = nil
			case *instructions.CmdCommand:
				img.cmd = shellForm(c.ShellDependantCmdLine)
			case *instructions.HealthCheckCommand:
				img.health = nil
				if c.Health != nil {
					img.health = healthArgv(c.Health.Test)
				}
			case *instructions.CopyCommand:
				if c.From == "" {
					continue // From the build context: no binary of ours.
				}
				for _, src := range c.SourcePaths {
					dest := c.DestPath
					if strings.HasSuffix(dest, "/") || len(c.SourcePaths) > 1 {
						dest = path.Join(dest, path.Base(src))
					}
					img.binaries[dest] = path.Base(src)
				}
			}
		}
		return img
	}
	return stageImage(len(stages) - 1)
}

func shellForm(c instructions.ShellDependantCmdLine) []string {
	if c.PrependShell {
		return []string{"/bin/sh", "-c", strings.Join(c.CmdLine, " ")}
	}
	return c.CmdLine
}

// check is one health check a deployment declares: a command line run in the container's
// environment, or (Kubernetes) the kubelet's own gRPC probe.
type check struct {
	what     string
	argv     []string // an exec check, in the container's paths
	grpc     bool     // the kubelet's gRPC probe: port and service
	port     int32
	service  string
	timeoutS int32
}

// deployment is one way the files start the server, before the test's substitutions.
type deployment struct {
	name   string
	env    map[string]string
	argv   []string
	health check   // waited for
	others []check // must pass too once the server is healthy
	// mounts: directory (or file) in the container -> where the test put what the deployment
	// mounts there.
	mounts map[string]string
	// storePassword: what the deployment's Redis at these TABLERO_STORE hosts requires
	// (requirepass), for the Redis the test starts.
	storePassword func(t *testing.T, hosts []string) string
}

func TestDeploymentEnvironmentsStart(t *testing.T) {
	server := releaseBinary(t, "TABLERO_RELEASE_BIN", "tablero")
	probe := releaseBinary(t, "TABLERO_PROBE_BIN", "tablero-probe")
	deployDir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	fx := newFixtures(t)
	img := parseImage(t, deployDir)
	bins := map[string]string{"tablero": server, "tablero-probe": probe}

	var deployments []func(t *testing.T) deployment
	names := []string{}
	add := func(name string, d func(t *testing.T) deployment) {
		names = append(names, name)
		deployments = append(deployments, d)
	}
	add("Dockerfile", func(t *testing.T) deployment {
		return deployment{
			name:   "Dockerfile",
			env:    copyEnv(img.env),
			argv:   append(append([]string{}, img.entrypoint...), img.cmd...),
			health: check{what: "HEALTHCHECK", argv: img.health},
			mounts: map[string]string{},
		}
	})
	for _, files := range composeVariants {
		name := strings.Join(files, "+")
		add(name, func(t *testing.T) deployment { return composeDeployment(t, deployDir, files, img, fx) })
	}
	for _, dir := range kustomizeOverlays(t, filepath.Join(deployDir, "k8s")) {
		objects, errs := render(dir)
		if len(errs) > 0 {
			t.Fatalf("kustomize build %s: %v", dir, errs)
		}
		set := newObjectSet("overlay "+filepath.Base(dir), objects)
		for _, d := range set.servers() {
			for _, c := range d.Spec.Template.Spec.Containers {
				name := fmt.Sprintf("k8s/%s/%s", filepath.Base(dir), c.Name)
				add(name, func(t *testing.T) deployment {
					return kubernetesDeployment(t, name, set, d.Spec.Template.Spec, c, img, fx)
				})
			}
		}
	}
	for overlay := range expectedOverlays {
		if !slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, "k8s/"+overlay+"/") }) {
			t.Errorf("overlay %s renders no server Deployment to start", overlay)
		}
	}
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			start(t, deployments[i](t), img, bins)
		})
	}
}

// releaseBinary is a built binary's absolute path; missing is a failure, not a skip.
func releaseBinary(t *testing.T, variable, name string) string {
	p := os.Getenv(variable)
	if p == "" {
		p = filepath.Join("..", "..", "target", "release", name)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(abs); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
		t.Fatalf("no %s binary at %s (%v): build it with `cargo build --release -p tablero-service --bin tablero --bin tablero-probe`, or set %s", name, abs, err, variable)
	}
	return abs
}

// composeDeployment: the server service of a compose project, loaded as validateCompose does,
// with REDIS_PASSWORD the test's; its container env is the image's with the service's on top.
func composeDeployment(t *testing.T, deployDir string, files []string, img image, fx fixtures) deployment {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = filepath.Join(deployDir, f)
	}
	// SUBSTITUTION: REDIS_PASSWORD (deploy/.env) is the test's.
	project, err := loadCompose(deployDir, paths, []string{passwordVariable + "=" + fx.redisPassword})
	if err != nil {
		t.Fatal(err)
	}
	s, ok := project.Services[serverService]
	if !ok {
		t.Fatalf("no service %s", serverService)
	}
	env := copyEnv(img.env)
	for k, v := range composeEnv(s) {
		env[k] = v
	}
	entrypoint, cmd := img.entrypoint, img.cmd
	if len(s.Entrypoint) > 0 {
		entrypoint, cmd = s.Entrypoint, nil
	}
	if s.Command != nil {
		cmd = s.Command
	}
	health := check{what: "the image's HEALTHCHECK", argv: img.health}
	if hc := s.HealthCheck; hc != nil && (hc.Disable || len(hc.Test) > 0) {
		if hc.Disable || hc.Test[0] == "NONE" {
			t.Fatalf("%s: the healthcheck is disabled: nothing would say when a replica is ready", serverService)
		}
		health = check{what: "healthcheck", argv: healthArgv(hc.Test)}
	}
	mounts := map[string]string{}
	hostFiles := fx.composeHostFiles()
	for _, v := range s.Volumes {
		if v.Type != types.VolumeTypeBind {
			continue
		}
		// A copy of the host's directory, with the files operators add that git does not hold.
		dir := filepath.Join(t.TempDir(), "mount")
		copyTree(t, v.Source, dir)
		rel, _ := filepath.Rel(deployDir, v.Source)
		for name, content := range hostFiles[rel] {
			writeFile(t, filepath.Join(dir, name), content)
		}
		mounts[v.Target] = dir
	}
	return deployment{
		name:   strings.Join(files, " + "),
		env:    env,
		argv:   append(append([]string{}, entrypoint...), cmd...),
		health: health,
		mounts: mounts,
		storePassword: func(t *testing.T, hosts []string) string {
			var passwords []string
			for _, host := range hosts {
				name, _, err := net.SplitHostPort(host)
				if err != nil {
					name = host
				}
				redis, ok := project.Services[name]
				if !ok || !isRedisServer(redis.Command) {
					t.Fatalf("TABLERO_STORE names %s, which is no redis-server service", host)
				}
				cfg, err := parseRedisArgs(redis.Command, func(string) (string, error) { return "", fs.ErrNotExist })
				if err != nil {
					t.Fatalf("service %s: %v", name, err)
				}
				passwords = append(passwords, cfg.get("requirepass"))
			}
			return samePassword(t, passwords)
		},
	}
}

// kubernetesDeployment: a server container of a rendered overlay as the pod sees it: the
// image's env with envFrom and env on top, $(VAR) expanded (resolveEnv); Secret and downward
// API values are the test's.
func kubernetesDeployment(t *testing.T, name string, set *objectSet, pod corev1.PodSpec, c corev1.Container, img image, fx fixtures) deployment {
	for _, from := range c.EnvFrom {
		if from.SecretRef != nil {
			t.Fatalf("envFrom Secret %s: not modelled by this test", from.SecretRef.Name)
		}
	}
	podEnv, undefined := set.resolveEnv(c)
	if len(undefined) > 0 {
		t.Fatalf("env refers to undefined variables: %v", undefined)
	}
	secrets := fx.secrets()
	resolve := tokenResolver(t, secrets)
	env := copyEnv(img.env)
	for k, v := range podEnv {
		env[k] = resolve(v)
	}
	// The kubelet: command replaces the image's entrypoint (and its CMD), args its CMD.
	expand := func(in []string) []string {
		var out []string
		for _, a := range in {
			v, _ := expandVars(a, podEnv)
			out = append(out, resolve(v))
		}
		return out
	}
	entrypoint, cmd := img.entrypoint, img.cmd
	if len(c.Command) > 0 {
		entrypoint, cmd = expand(c.Command), nil
	}
	if len(c.Args) > 0 {
		cmd = expand(c.Args)
	}
	probe := func(what string, p *corev1.Probe) (check, bool) {
		if p == nil {
			return check{}, false
		}
		timeout := p.TimeoutSeconds
		if timeout == 0 {
			timeout = 1 // The API default.
		}
		switch {
		case p.GRPC != nil:
			if p.GRPC.Mode != nil && *p.GRPC.Mode == corev1.GRPCProbeModeTLS {
				t.Fatalf("%s: the kubelet's unverified TLS gRPC probe is not modelled by this test", what)
			}
			service := ""
			if p.GRPC.Service != nil {
				service = *p.GRPC.Service
			}
			return check{what: what, grpc: true, port: p.GRPC.Port, service: service, timeoutS: timeout}, true
		case p.Exec != nil:
			// Exec probes expand no $(VAR); the command runs in the container's environment.
			return check{what: what, argv: p.Exec.Command, timeoutS: timeout}, true
		}
		t.Fatalf("%s: neither a gRPC nor an exec probe: not modelled by this test", what)
		return check{}, false
	}
	d := deployment{
		name:   name,
		env:    env,
		argv:   append(append([]string{}, entrypoint...), cmd...),
		mounts: map[string]string{},
	}
	var ok bool
	if d.health, ok = probe("readinessProbe", c.ReadinessProbe); !ok {
		t.Fatal("no readinessProbe: nothing would say when the pod is ready")
	}
	for what, p := range map[string]*corev1.Probe{"startupProbe": c.StartupProbe, "livenessProbe": c.LivenessProbe} {
		if ch, ok := probe(what, p); ok {
			d.others = append(d.others, ch)
		}
	}
	sort.Slice(d.others, func(i, j int) bool { return d.others[i].what < d.others[j].what })
	// The volumes, filled as the kubelet would from the test's Secrets and the overlay's
	// ConfigMaps.
	for _, m := range c.VolumeMounts {
		var v *corev1.Volume
		for i := range pod.Volumes {
			if pod.Volumes[i].Name == m.Name {
				v = &pod.Volumes[i]
			}
		}
		if v == nil {
			t.Fatalf("volumeMount %s: no such volume", m.Name)
		}
		dir := filepath.Join(t.TempDir(), "volume")
		var data map[string]string
		var items []corev1.KeyToPath
		switch {
		case v.Secret != nil:
			var found bool
			if data, found = secrets[v.Secret.SecretName]; !found {
				t.Fatalf("volume %s: the test has no value for Secret %s", v.Name, v.Secret.SecretName)
			}
			items = v.Secret.Items
		case v.ConfigMap != nil:
			cm := set.configMaps[v.ConfigMap.Name]
			if cm == nil {
				t.Fatalf("volume %s: no ConfigMap %s in the overlay", v.Name, v.ConfigMap.Name)
			}
			data, items = cm.Data, v.ConfigMap.Items
		case v.EmptyDir != nil:
		default:
			t.Fatalf("volume %s: its kind is not modelled by this test", v.Name)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if len(items) == 0 {
			for k, content := range data {
				writeFile(t, filepath.Join(dir, k), content)
			}
		}
		for _, item := range items {
			content, found := data[item.Key]
			if !found {
				t.Fatalf("volume %s: no key %s", v.Name, item.Key)
			}
			writeFile(t, filepath.Join(dir, item.Path), content)
		}
		d.mounts[m.MountPath] = filepath.Join(dir, m.SubPath)
	}
	set.findRedis()
	d.storePassword = func(t *testing.T, hosts []string) string {
		var passwords []string
		for _, host := range hosts {
			h, p, err := net.SplitHostPort(host)
			port := 6379
			if err == nil {
				port, _ = strconv.Atoi(p)
			} else {
				h = host
			}
			svc := set.checkHost(name, h, int32(port))
			if svc == nil {
				t.Fatalf("TABLERO_STORE names %s, which is no Service of the overlay", host)
			}
			behind := set.redisBehind(svc)
			if len(behind) == 0 {
				t.Fatalf("TABLERO_STORE names %s, behind which runs no redis-server", host)
			}
			for _, r := range behind {
				passwords = append(passwords, resolve(r.password()))
			}
		}
		return samePassword(t, passwords)
	}
	return d
}

// tokenResolver replaces the tokens resolveEnv puts for values the manifests do not hold.
func tokenResolver(t *testing.T, secrets map[string]map[string]string) func(string) string {
	var pairs []string
	for name, keys := range secrets {
		for key, value := range keys {
			// SUBSTITUTION: a Secret's value is the test's.
			pairs = append(pairs, secretToken(name, key), value)
		}
	}
	// SUBSTITUTION: the downward API's values for this test's pod.
	pairs = append(pairs,
		fieldToken("metadata.name"), testPodName,
		fieldToken("metadata.namespace"), "default",
		fieldToken("status.podIP"), "127.0.0.1",
	)
	r := strings.NewReplacer(pairs...)
	return func(v string) string {
		out := r.Replace(v)
		if strings.Contains(out, "secret~") || strings.Contains(out, "field~") {
			t.Fatalf("a value the test has nothing for: %q", v)
		}
		return out
	}
}

func samePassword(t *testing.T, passwords []string) string {
	for _, p := range passwords[1:] {
		if p != passwords[0] {
			t.Fatal("the Redis servers TABLERO_STORE names require different passwords")
		}
	}
	return passwords[0]
}

// kustomizeOverlays lists the kustomizations under dir that are not components.
func kustomizeOverlays(t *testing.T, dir string) []string {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || (d.Name() != "kustomization.yaml" && d.Name() != "kustomization.yml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var k ktypes.Kustomization
		if err := yaml.Unmarshal(data, &k); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if k.Kind != ktypes.ComponentKind {
			out = append(out, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// start runs the deployment's server with its environment (after the substitutions), waits
// for its health check, then stops it with SIGTERM and expects exit code 0.
func start(t *testing.T, d deployment, img image, bins map[string]string) {
	env := copyEnv(d.env)
	// SUBSTITUTION: listen addresses keep their host and get a free port; ports maps the
	// deployment's ports to the test's, for the probes that name a port.
	ports := map[int32]int32{}
	for _, setting := range listenSettings {
		value, ok := env[setting]
		if !ok {
			continue
		}
		host, port, err := net.SplitHostPort(value)
		if err != nil {
			t.Fatalf("%s=%q is no host:port", setting, value)
		}
		free := freePort(t, host)
		env[setting] = net.JoinHostPort(host, strconv.Itoa(free))
		if n, err := strconv.Atoi(port); err == nil {
			ports[int32(n)] = int32(free)
		}
	}
	if _, ok := env["TABLERO_LISTEN"]; !ok {
		t.Fatal("TABLERO_LISTEN is unset: the server would listen on its default 127.0.0.1:50051, which nothing outside the container reaches")
	}
	// SUBSTITUTION: file paths point at the files the test put where the deployment mounts them.
	inContainer := func(p string) (string, bool) {
		best := ""
		for target := range d.mounts {
			dir := strings.TrimSuffix(target, "/")
			if (p == dir || strings.HasPrefix(p, dir+"/")) && len(dir) > len(best) {
				best = dir
			}
		}
		if best == "" {
			return p, false
		}
		return d.mounts[best] + strings.TrimPrefix(p, best), true
	}
	for _, setting := range fileSettings {
		if p, ok := env[setting]; ok && p != "" {
			host, mounted := inContainer(p)
			if !mounted {
				t.Fatalf("%s=%s is in no volume the deployment mounts", setting, p)
			}
			env[setting] = host
		}
	}
	// SUBSTITUTION: the store keeps its scheme and credentials but names the test's Redis,
	// started with the password the deployment's own Redis requires.
	if store, ok := env["TABLERO_STORE"]; ok && store != "memory" {
		if d.storePassword == nil {
			t.Fatalf("TABLERO_STORE=%s, but this deployment defines no Redis", store)
		}
		env["TABLERO_STORE"] = testStore(t, store, d.storePassword)
	}
	// OTEL_EXPORTER_OTLP_ENDPOINT stays as written: the exporter is asynchronous, so an
	// unreachable collector costs the server nothing at start.

	binary := func(argv []string, what string) []string {
		if len(argv) == 0 {
			t.Fatalf("%s: no command", what)
		}
		// The binaries the Dockerfile copies into the image, at the paths it copies them to.
		built, ok := bins[img.binaries[argv[0]]]
		if !ok {
			t.Fatalf("%s runs %s, which is not a binary the image holds (%v)", what, argv[0], img.binaries)
		}
		out := append([]string{built}, argv[1:]...)
		for i := 1; i < len(out); i++ {
			for _, flag := range probeFileFlags {
				if out[i-1] == flag {
					if host, ok := inContainer(out[i]); ok {
						out[i] = host
					} else {
						t.Fatalf("%s: %s %s is in no volume the deployment mounts", what, flag, out[i])
					}
				}
			}
		}
		return out
	}
	argv := binary(d.argv, "the container")
	childEnv := childEnvironment(env)

	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = childEnv
	var stdout, stderr lockedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		select {
		case <-exited:
		default:
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	logs := func() string {
		return fmt.Sprintf("\nserver argv: %q\nserver env (the deployment's, after the substitutions):\n  %s\nstdout:\n%s\nstderr:\n%s",
			argv, strings.Join(envList(env), "\n  "), stdout.String(), stderr.String())
	}
	exitedNow := func() bool {
		select {
		case <-exited:
			return true
		default:
			return false
		}
	}

	run := func(c check) (string, error) {
		var args []string
		if c.grpc {
			port, ok := ports[c.port]
			if !ok {
				t.Fatalf("%s checks port %d, on which no listen setting of the deployment is", c.what, c.port)
			}
			// The kubelet's gRPC probe asks the pod's address: the same call by tablero-probe.
			args = []string{bins["tablero-probe"], fmt.Sprintf("127.0.0.1:%d", port), "--service", c.service,
				"--timeout-ms", strconv.Itoa(int(c.timeoutS) * 1000)}
		} else {
			args = binary(c.argv, c.what)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		probe := exec.CommandContext(ctx, args[0], args[1:]...)
		// Health checks run inside the container: its environment (the probe finds the port
		// from TABLERO_LISTEN).
		probe.Env = childEnv
		out, err := probe.CombinedOutput()
		return fmt.Sprintf("%q: %s", args, out), err
	}
	passWithin := func(c check, within time.Duration) {
		deadline := time.Now().Add(within)
		for {
			if exitedNow() {
				t.Fatalf("the server exited with %v before its %s passed%s", cmd.ProcessState, c.what, logs())
			}
			out, err := run(c)
			if err == nil {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s did not pass within %s: %v, %s%s", c.what, within, err, out, logs())
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	passWithin(d.health, healthyWithin)
	for _, c := range d.others {
		passWithin(c, 5*time.Second)
	}
	if metrics, ok := env["TABLERO_METRICS_LISTEN"]; ok {
		_, port, _ := net.SplitHostPort(metrics)
		client := http.Client{Timeout: 5 * time.Second}
		resp, err := client.Get("http://127.0.0.1:" + port + "/metrics")
		if err != nil {
			t.Fatalf("metrics: %v%s", err, logs())
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("metrics: %s%s", resp.Status, logs())
		}
	}
	if exitedNow() {
		t.Fatalf("the server exited with %v after passing its health check%s", cmd.ProcessState, logs())
	}

	// A graceful stop, as the container runtime or the kubelet asks for it.
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(exitWithin):
		t.Fatalf("the server did not exit within %s of SIGTERM%s", exitWithin, logs())
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("the server exited with %v after SIGTERM, not 0%s", cmd.ProcessState, logs())
	}
	if json, _ := parseBoolean(env["TABLERO_LOG_JSON"]); json {
		checkJSONLines(t, stderr.String())
	}
	t.Logf("%s: healthy (%s), exited 0 after SIGTERM", d.name, d.health.what)
}

// checkJSONLines: with TABLERO_LOG_JSON on, every log line is a JSON object.
func checkJSONLines(t *testing.T, log string) {
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		var v map[string]any
		if line != "" && json.Unmarshal([]byte(line), &v) != nil {
			t.Errorf("TABLERO_LOG_JSON is on, but the server logged a line that is no JSON object: %s", line)
		}
	}
}

// childEnvironment: this process' environment without any TABLERO_* or OTEL_* variable, and
// the deployment's.
func childEnvironment(env map[string]string) []string {
	var out []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TABLERO_") || strings.HasPrefix(kv, "OTEL_") {
			continue
		}
		if name, _, _ := strings.Cut(kv, "="); hasKey(env, name) {
			continue
		}
		out = append(out, kv)
	}
	return append(out, envList(env)...)
}

// testStore is TABLERO_STORE pointing at a Redis (one, or a three-master cluster) the test
// starts with the password the deployment's Redis requires; scheme, credentials and anything
// after the hosts stay as written.
func testStore(t *testing.T, store string, password func(*testing.T, []string) string) string {
	var scheme string
	var cluster bool
	switch {
	case strings.HasPrefix(store, "redis+cluster://"):
		scheme, cluster = "redis+cluster://", true
	case strings.HasPrefix(store, "redis://"):
		scheme = "redis://"
	default:
		t.Fatalf("TABLERO_STORE %q: the test starts no such store", store)
	}
	rest := strings.TrimPrefix(store, scheme)
	credentials := ""
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		credentials, rest = rest[:at+1], rest[at+1:]
	}
	suffix := ""
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		rest, suffix = rest[:i], rest[i:]
	}
	hosts := strings.Split(rest, ",")
	if !cluster && len(hosts) != 1 {
		t.Fatalf("TABLERO_STORE %q: one host expected", store)
	}
	nodes := startRedis(t, password(t, hosts), cluster)
	for i := range hosts {
		hosts[i] = nodes[i%len(nodes)]
	}
	return scheme + credentials + strings.Join(hosts, ",") + suffix
}

// startRedis starts one redis-server, or three cluster-enabled ones joined into a cluster of
// three masters, on free loopback ports; returns their host:port.
func startRedis(t *testing.T, password string, cluster bool) []string {
	server, err := exec.LookPath("redis-server")
	if err != nil {
		t.Fatal("redis-server is not on PATH (apt-get install redis-server)")
	}
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		t.Fatal("redis-cli is not on PATH (apt-get install redis-tools)")
	}
	cliEnv := append(os.Environ(), "REDISCLI_AUTH="+password)
	count := 1
	if cluster {
		count = 3
	}
	var addrs []string
	for i := 0; i < count; i++ {
		port := freePort(t, "127.0.0.1")
		dir := t.TempDir()
		args := []string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--dir", dir,
			"--save", "", "--appendonly", "no"}
		if password != "" {
			args = append(args, "--requirepass", password)
		}
		if cluster {
			args = append(args, "--cluster-enabled", "yes", "--cluster-config-file", filepath.Join(dir, "nodes.conf"),
				"--cluster-port", strconv.Itoa(freePort(t, "127.0.0.1")), "--cluster-node-timeout", "5000")
		}
		cmd := exec.Command(server, args...)
		var log lockedBuffer
		cmd.Stdout, cmd.Stderr = &log, &log
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		})
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		waitFor(t, 10*time.Second, "redis-server "+addr+" answers PONG", func() bool {
			ping := exec.Command(cli, "-p", strconv.Itoa(port), "ping")
			ping.Env = cliEnv
			out, _ := ping.Output()
			return strings.Contains(string(out), "PONG")
		}, &log)
		addrs = append(addrs, addr)
	}
	if cluster {
		args := append([]string{"--cluster", "create"}, addrs...)
		args = append(args, "--cluster-replicas", "0", "--cluster-yes")
		create := exec.Command(cli, args...)
		create.Env = cliEnv
		if out, err := create.CombinedOutput(); err != nil {
			t.Fatalf("redis-cli --cluster create: %v\n%s", err, out)
		}
		for _, addr := range addrs {
			_, port, _ := net.SplitHostPort(addr)
			waitFor(t, 20*time.Second, "cluster_state:ok on "+addr, func() bool {
				c := exec.Command(cli, "-p", port, "cluster", "info")
				c.Env = cliEnv
				out, _ := c.Output()
				return strings.Contains(string(out), "cluster_state:ok")
			}, nil)
		}
	}
	return addrs
}

func waitFor(t *testing.T, within time.Duration, what string, ok func() bool, log *lockedBuffer) {
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			extra := ""
			if log != nil {
				extra = "\n" + log.String()
			}
			t.Fatalf("no %s within %s%s", what, within, extra)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// handedOut holds every port freePort has returned in this process: a port is chosen before
// whatever will listen on it starts, so two choices made before either listener starts (a
// Redis node's and the server's metrics port) could otherwise be the same.
var handedOut = struct {
	sync.Mutex
	ports map[int]bool
}{ports: map[int]bool{}}

// freePort is a port nothing listens on at host now, and that it has not returned before.
func freePort(t *testing.T, host string) int {
	handedOut.Lock()
	defer handedOut.Unlock()
	for {
		l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if !handedOut.ports[port] {
			handedOut.ports[port] = true
			return port
		}
	}
}

func hasKey(env map[string]string, name string) bool {
	_, ok := env[name]
	return ok
}

func copyEnv(env map[string]string) map[string]string {
	out := make(map[string]string, len(env))
	for k, v := range env {
		out[k] = v
	}
	return out
}

// envList is KEY=VALUE, sorted.
func envList(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

func writeFile(t *testing.T, p, content string) {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies a file or a directory.
func copyTree(t *testing.T, src, dst string) {
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// lockedBuffer collects a child's output from its copying goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
