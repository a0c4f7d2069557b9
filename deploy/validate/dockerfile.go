package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

// validateDockerfile parses deploy/Dockerfile with BuildKit and checks the image's shape; it
// also checks that the repository's .dockerignore keeps what the build needs.
func validateDockerfile(deployDir string) []error {
	stages, metaArgs, err := parseDockerfile(filepath.Join(deployDir, "Dockerfile"))
	if err != nil {
		return []error{err}
	}
	defaults := argDefaults(metaArgs)
	for i := range stages {
		stages[i].BaseName = expandArgs(stages[i].BaseName, defaults)
	}
	root := filepath.Dir(deployDir)
	problems := checkStages(stages, workspaceRustVersion(root))
	problems = append(problems, checkRuntimeVariant(deployDir, stages[len(stages)-1], defaults)...)
	return append(problems, checkDockerignore(root)...)
}

// parseDockerfile: a Dockerfile's stages and the ARGs before its first FROM, as BuildKit reads
// them.
func parseDockerfile(path string) ([]instructions.Stage, []instructions.ArgCommand, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	stages, metaArgs, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return stages, metaArgs, nil
}

// argDefaults: the default of each ARG before the first FROM.
func argDefaults(metaArgs []instructions.ArgCommand) map[string]string {
	defaults := map[string]string{}
	for _, a := range metaArgs {
		for _, kv := range a.Args {
			if kv.Value != nil {
				defaults[kv.Key] = *kv.Value
			}
		}
	}
	return defaults
}

var argReference = regexp.MustCompile(`\$\{(\w+)\}|\$(\w+)`)

// expandArgs: a FROM's image with the ARGs' defaults put in (what a build without
// --build-arg starts from).
func expandArgs(image string, defaults map[string]string) string {
	return argReference.ReplaceAllStringFunc(image, func(ref string) string {
		m := argReference.FindStringSubmatch(ref)
		return defaults[m[1]+m[2]]
	})
}

// fromUser: a stage's instructions from its USER on, as written.
func fromUser(stage instructions.Stage) []string {
	var lines []string
	for _, c := range stage.Commands {
		if _, ok := c.(*instructions.UserCommand); ok || len(lines) > 0 {
			if s, ok := c.(fmt.Stringer); ok {
				lines = append(lines, s.String())
			}
		}
	}
	return lines
}

// checkRuntimeVariant: Dockerfile.runtime packages binaries built elsewhere onto BASE with the
// same runtime as the Dockerfile's final stage: one stage, the same default BASE, the two
// binaries copied into /usr/local/bin, and every instruction from USER on the same.
func checkRuntimeVariant(deployDir string, final instructions.Stage, defaults map[string]string) []error {
	var problems []error
	fail := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("Dockerfile.runtime: "+format, args...))
	}
	stages, metaArgs, err := parseDockerfile(filepath.Join(deployDir, "Dockerfile.runtime"))
	if err != nil {
		return []error{err}
	}
	if len(stages) != 1 {
		fail("%d stages, want one (no build stage)", len(stages))
		return problems
	}
	own := argDefaults(metaArgs)
	if own["BASE"] != defaults["BASE"] {
		fail("BASE defaults to %q, the Dockerfile's to %q", own["BASE"], defaults["BASE"])
	}
	stage := stages[0]
	var copied []string
	for _, c := range stage.Commands {
		if cp, ok := c.(*instructions.CopyCommand); ok {
			if cp.From != "" {
				fail("copies from %q: the binaries come from the build context", cp.From)
			}
			copied = append(copied, cp.SourcesAndDest.SourcePaths...)
			if cp.SourcesAndDest.DestPath != "/usr/local/bin/" {
				fail("copies to %q, not /usr/local/bin/", cp.SourcesAndDest.DestPath)
			}
		}
	}
	if !slices.Equal(copied, []string{"tablero", "tablero-probe"}) {
		fail("copies %v, want tablero and tablero-probe", copied)
	}
	want, got := fromUser(final), fromUser(stage)
	if len(want) == 0 || !slices.Equal(want, got) {
		fail("from USER on it should say what the Dockerfile's runtime stage says:\n%s\nnot\n%s",
			strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
	return problems
}

func checkStages(stages []instructions.Stage, rustVersion string) []error {
	var problems []error
	fail := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf("Dockerfile: "+format, args...))
	}
	if len(stages) < 2 {
		fail("%d stage(s): build and runtime should be separate stages", len(stages))
		return problems
	}
	build := stages[0]
	if tag, ok := strings.CutPrefix(build.BaseName, "rust:"); !ok {
		fail("the build stage starts from %q, not a rust image", build.BaseName)
	} else if rustVersion != "" && versionLess(tag, rustVersion) {
		fail("the build stage's %s is older than the workspace's rust-version %s", build.BaseName, rustVersion)
	}
	final := stages[len(stages)-1]
	if strings.HasPrefix(final.BaseName, "rust") {
		fail("the final stage is the %s toolchain image, not a small runtime", final.BaseName)
	}
	var user string
	var health *instructions.HealthCheckCommand
	var exposed []string
	var stopSignal string
	var entrypoint *instructions.EntrypointCommand
	metricsListen := ""
	copiedFromBuild := false
	var copied []string
	for _, cmd := range final.Commands {
		switch c := cmd.(type) {
		case *instructions.UserCommand:
			user = c.User
		case *instructions.HealthCheckCommand:
			health = c
		case *instructions.ExposeCommand:
			exposed = append(exposed, c.Ports...)
		case *instructions.StopSignalCommand:
			stopSignal = c.Signal
		case *instructions.EnvCommand:
			env := map[string]string{}
			for _, kv := range c.Env {
				env[kv.Key] = kv.Value
				if kv.Key == "TABLERO_METRICS_LISTEN" {
					metricsListen = kv.Value
				}
			}
			for _, p := range booleanProblems(env) {
				fail("ENV %s", p)
			}
		case *instructions.EntrypointCommand:
			entrypoint = c
		case *instructions.CopyCommand:
			fromBuild := c.From != "" && slices.ContainsFunc(stages[:len(stages)-1], func(s instructions.Stage) bool {
				return s.Name == c.From
			})
			if fromBuild {
				copiedFromBuild = true
				for _, src := range c.SourcePaths {
					copied = append(copied, filepath.Base(src))
				}
			}
		case *instructions.RunCommand:
			fail("the final stage runs %q: the runtime image should only receive files", strings.Join(c.CmdLine, " "))
		}
	}
	uid, _, _ := strings.Cut(user, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 {
		fail("the final stage's USER %q should be a numeric non-root uid (Kubernetes checks runAsNonRoot by number)", user)
	}
	if health == nil || health.Health == nil || !slices.ContainsFunc(health.Health.Test, func(s string) bool {
		return strings.HasSuffix(s, "tablero-probe")
	}) {
		fail("the final stage has no HEALTHCHECK running tablero-probe")
	}
	if !slices.ContainsFunc(exposed, func(p string) bool { return strings.HasPrefix(p, "50051") }) {
		fail("the final stage does not EXPOSE the gRPC port 50051")
	}
	// EXPOSE is what `docker run -P` publishes on every host address: not the metrics.
	if _, port, err := net.SplitHostPort(metricsListen); err == nil {
		if slices.ContainsFunc(exposed, func(p string) bool { return p == port || strings.HasPrefix(p, port+"/") }) {
			fail("the final stage EXPOSEs the metrics port %s: `docker run -P` would publish it on every host address", port)
		}
	}
	if stopSignal != "SIGTERM" {
		fail("STOPSIGNAL is %q; the server drains on SIGTERM", stopSignal)
	}
	if entrypoint == nil || entrypoint.PrependShell {
		fail("the final stage needs an exec-form ENTRYPOINT (no shell, so signals reach the server)")
	}
	if !copiedFromBuild {
		fail("the final stage copies nothing from the build stage")
	}
	for _, bin := range []string{"tablero", "tablero-probe"} {
		if copiedFromBuild && !slices.Contains(copied, bin) {
			fail("the final stage does not copy %s from the build stage", bin)
		}
	}
	return problems
}

// workspaceRustVersion is the root Cargo.toml's `rust-version`, or "" if none.
func workspaceRustVersion(root string) string {
	data, err := os.ReadFile(filepath.Join(root, "Cargo.toml"))
	if err != nil {
		return ""
	}
	m := regexp.MustCompile(`(?m)^rust-version\s*=\s*"([0-9.]+)"`).FindSubmatch(data)
	if m == nil {
		return ""
	}
	return string(m[1])
}

// versionLess compares dotted versions ("1.95" < "1.95.1"); a tag suffix (-bookworm) is ignored.
func versionLess(a, b string) bool {
	a, _, _ = strings.Cut(a, "-")
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < max(len(pa), len(pb)); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}

// checkDockerignore: the build context keeps the workspace manifests, every member and the
// files the server embeds.
func checkDockerignore(root string) []error {
	f, err := os.Open(filepath.Join(root, ".dockerignore"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return []error{err}
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		return []error{fmt.Errorf(".dockerignore: %w", err)}
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		return []error{fmt.Errorf(".dockerignore: %w", err)}
	}
	needed := []string{"Cargo.toml", "Cargo.lock", "clients/web/dist/index.html", "clients/web/dist/app.js"}
	for _, member := range workspaceMembers(root) {
		needed = append(needed, member+"/Cargo.toml")
	}
	var problems []error
	for _, path := range needed {
		if ignored, _ := pm.MatchesOrParentMatches(path); ignored {
			problems = append(problems, fmt.Errorf(".dockerignore: excludes %s, which the image build needs", path))
		}
	}
	return problems
}

// workspaceMembers reads the root Cargo.toml's `members = [...]`.
func workspaceMembers(root string) []string {
	data, err := os.ReadFile(filepath.Join(root, "Cargo.toml"))
	if err != nil {
		return nil
	}
	m := regexp.MustCompile(`(?s)members\s*=\s*\[(.*?)\]`).FindSubmatch(data)
	if m == nil {
		return nil
	}
	var members []string
	for _, q := range regexp.MustCompile(`"([^"]+)"`).FindAllSubmatch(m[1], -1) {
		members = append(members, string(q[1]))
	}
	return members
}
