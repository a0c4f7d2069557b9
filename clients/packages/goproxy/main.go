// Command goproxy adds one version of a module to a directory laid out as the Go module proxy
// protocol serves it (<module>/@v/list, .info, .mod, .zip), so that GOPROXY=file://<dir> resolves
// the module exactly as a public proxy would after the version's tag is pushed.
//
//	goproxy -module ../../go -version v0.2.0 -time 2026-12-02T00:00:00Z -out /tmp/proxy
//
// The zip comes from golang.org/x/mod/zip, which applies the go command's own rules (file
// names, sizes, nested modules left out), so a module it accepts is one the go command accepts.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	modzip "golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("module", "", "directory holding the module's go.mod")
	version := flag.String("version", "", "version to publish, e.g. v0.2.0")
	when := flag.String("time", "", "the version's time (RFC 3339), as its tag's commit would give it")
	out := flag.String("out", "", "proxy directory to write into (created if missing)")
	flag.Parse()
	if *dir == "" || *version == "" || *out == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := publish(*dir, *version, *when, *out); err != nil {
		fmt.Fprintln(os.Stderr, "goproxy:", err)
		os.Exit(1)
	}
}

func publish(dir, version, when, out string) error {
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(goMod)
	if path == "" {
		return fmt.Errorf("%s/go.mod names no module", dir)
	}
	mod := module.Version{Path: path, Version: version}
	// Rejects a version the module path cannot carry (a /v2 path with a v1 tag and the like).
	if err := module.Check(mod.Path, mod.Version); err != nil {
		return err
	}
	t := time.Now().UTC()
	if when != "" {
		if t, err = time.Parse(time.RFC3339, when); err != nil {
			return err
		}
	}

	// Paths with capitals are stored escaped ("!x"), as the protocol says.
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	v := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(v, 0o755); err != nil {
		return err
	}

	zf, err := os.Create(filepath.Join(v, version+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromDir(zf, mod, dir); err != nil {
		zf.Close()
		return err
	}
	if err := zf.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(v, version+".mod"), goMod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, t.UTC()})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(v, version+".info"), info, 0o644); err != nil {
		return err
	}

	// @v/list: every version the directory holds, one a line.
	var versions []string
	if old, err := os.ReadFile(filepath.Join(v, "list")); err == nil {
		versions = strings.Fields(string(old))
	}
	if !slices.Contains(versions, version) {
		versions = append(versions, version)
	}
	semver.Sort(versions)
	return os.WriteFile(filepath.Join(v, "list"), []byte(strings.Join(versions, "\n")+"\n"), 0o644)
}
