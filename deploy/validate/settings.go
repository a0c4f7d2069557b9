package main

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// storeService is the health service name that is NOT_SERVING while the store is unreachable;
// the empty name stays SERVING while the process lives.
const storeService = "tablero.v1.GameService"

// The server's boolean settings. It takes what operators write in environments (clap's
// BoolishValueParser): true/false, 1/0, yes/no, on/off, y/n, t/f, in any case.
var booleanSettings = []string{"TABLERO_LOG_JSON", "TABLERO_LOG_SPANS", "TABLERO_PUBLIC_CREATE"}

// parseBoolean reads a boolean setting as the server does; ok is false for a value it refuses
// (it would exit at start).
func parseBoolean(v string) (value, ok bool) {
	switch strings.ToLower(v) {
	case "y", "yes", "t", "true", "on", "1":
		return true, true
	case "n", "no", "f", "false", "off", "0":
		return false, true
	}
	return false, false
}

// booleanProblems: each boolean setting that is set has a value the server takes.
func booleanProblems(env map[string]string) []string {
	var problems []string
	for _, name := range booleanSettings {
		if v, set := env[name]; set {
			if _, ok := parseBoolean(v); !ok {
				problems = append(problems, fmt.Sprintf("%s is %q, which the server refuses at start (it takes true/false, 1/0, yes/no, on/off)", name, v))
			}
		}
	}
	return problems
}

// The hot cache's budget when TABLERO_HOT_CACHE_BYTES is unset (the server's
// engine::DEFAULT_HOT_BYTES), and what a replica needs beside it: its measured baseline with
// headroom (docs/benchmarks.md, "Memory in real bytes": a replica stays within its budget +
// 100 MB of RSS).
const (
	defaultHotCacheBytes    = 64 << 20
	serverMemoryBeyondCache = 100_000_000
)

// serverMemoryProblems: the server's memory limit holds its hot cache's budget and the rest of
// the process, or the kubelet (or Docker) kills it once the cache has filled.
func serverMemoryProblems(env map[string]string, limit int64) []string {
	budget := int64(defaultHotCacheBytes)
	if raw, set := env["TABLERO_HOT_CACHE_BYTES"]; set {
		n, err := strconv.ParseUint(raw, 10, 63)
		if err != nil {
			return []string{fmt.Sprintf("TABLERO_HOT_CACHE_BYTES is %q, not a number of bytes: the server refuses it at start", raw)}
		}
		budget = int64(n)
	}
	switch {
	case limit == 0:
		return []string{"no memory limit to size the hot cache (TABLERO_HOT_CACHE_BYTES) against"}
	case limit < budget+serverMemoryBeyondCache:
		return []string{fmt.Sprintf("the %d-byte memory limit is below the hot cache's %d bytes (TABLERO_HOT_CACHE_BYTES) + %d for the rest of the process", limit, budget, serverMemoryBeyondCache)}
	}
	return nil
}

// The quotas on keyless creates: set, and positive, wherever the server is deployed.
var quotaSettings = []string{"TABLERO_GAMES_PER_CALLER", "TABLERO_CAMPAIGNS_PER_CALLER", "TABLERO_MAX_PUBLIC_GAMES"}

// productionProblems: the settings of a server anyone can reach. env is its environment;
// written says whether a variable's value is written in the deployment files (rather than
// taken from a Secret).
func productionProblems(env map[string]string, written func(name string) bool) []string {
	problems := booleanProblems(env)
	v, set := env["TABLERO_PUBLIC_CREATE"]
	public, ok := parseBoolean(v)
	switch {
	case !set:
		problems = append(problems, `TABLERO_PUBLIC_CREATE is unset (the server's default is true): set it to "false" so only API keys create`)
	case ok && public:
		problems = append(problems, fmt.Sprintf(`TABLERO_PUBLIC_CREATE is %q, not "false": anyone could create games and campaigns`, v))
	}
	if file := env["TABLERO_API_KEYS_FILE"]; file == "" {
		problems = append(problems, "no TABLERO_API_KEYS_FILE: no backend could create games")
	} else if !path.IsAbs(file) {
		problems = append(problems, fmt.Sprintf("TABLERO_API_KEYS_FILE %q is not an absolute path", file))
	}
	if _, ok := env["TABLERO_API_KEYS"]; ok && written("TABLERO_API_KEYS") {
		problems = append(problems, "TABLERO_API_KEYS holds the keys inline in the deployment files: mount them from a Secret (TABLERO_API_KEYS_FILE)")
	}
	for _, q := range quotaSettings {
		if n, err := strconv.ParseUint(env[q], 10, 64); err != nil || n == 0 {
			problems = append(problems, fmt.Sprintf("%s is %q: set a positive quota", q, env[q]))
		}
	}
	return problems
}

// probeFlag is the value of `--name value` or `--name=value` on a command line.
func probeFlag(argv []string, name string) (string, bool) {
	for i, a := range argv {
		if a == name && i+1 < len(argv) {
			return argv[i+1], true
		}
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// probeServiceProblem: readiness follows the store (tablero.v1.GameService); liveness and
// startup follow the process (the empty name), or a store outage would restart every replica.
func probeServiceProblem(kind string, readiness bool, service string) string {
	if readiness {
		if service != storeService {
			return fmt.Sprintf("%s asks for service %q, not %s: a replica that cannot reach the store would keep receiving requests", kind, service, storeService)
		}
		return ""
	}
	if service != "" {
		return fmt.Sprintf("%s asks for service %q: it is NOT_SERVING while the store is down, so a store outage would restart every replica", kind, service)
	}
	return ""
}

// isTableroProbe says whether a command line runs tablero-probe.
func isTableroProbe(argv []string) bool {
	return len(argv) > 0 && path.Base(argv[0]) == "tablero-probe"
}

// hasFlag says whether a command line carries a flag, alone or as --flag=value.
func hasFlag(argv []string, name string) bool {
	return slices.ContainsFunc(argv, func(a string) bool { return a == name || strings.HasPrefix(a, name+"=") })
}
