package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// redisConfig is a redis-server's configuration: each directive (lower case) with the
// arguments of its last occurrence, as Redis reads its config file and then its command line.
type redisConfig map[string][]string

func (c redisConfig) get(name string) string {
	return strings.Join(c[name], " ")
}

// isRedisServer says whether a container's command line starts redis-server.
func isRedisServer(argv []string) bool {
	return len(argv) > 0 && filepath.Base(argv[0]) == "redis-server"
}

// parseRedisArgs reads `redis-server [config-file] [--directive arg...]...`; readFile returns a
// config file's text. An unreadable config file is an error: its settings would be unknown.
func parseRedisArgs(argv []string, readFile func(path string) (string, error)) (redisConfig, error) {
	cfg := redisConfig{}
	args := argv[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "--") {
		text, err := readFile(args[0])
		if err != nil {
			return nil, fmt.Errorf("config file %s: %w", args[0], err)
		}
		cfg = parseRedisConf(text)
		args = args[1:]
	}
	var name string
	for _, a := range args {
		if d, ok := strings.CutPrefix(a, "--"); ok {
			name = strings.ToLower(d)
			cfg[name] = nil
		} else if name != "" {
			cfg[name] = append(cfg[name], a)
		}
	}
	return cfg, nil
}

// parseRedisConf reads redis.conf lines: `directive arg...`, `#` comments, "" for an empty
// argument.
func parseRedisConf(text string) redisConfig {
	cfg := redisConfig{}
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		var args []string
		for _, f := range fields[1:] {
			args = append(args, strings.Trim(f, `"`))
		}
		cfg[strings.ToLower(fields[0])] = args
	}
	return cfg
}

// redisBytes reads a Redis memory size: bytes, or k/m/g (powers of 1000) and kb/mb/gb
// (powers of 1024), in any case.
func redisBytes(s string) (int64, error) {
	m := regexp.MustCompile(`^(\d+)([kmg]b?)?$`).FindStringSubmatch(strings.ToLower(s))
	if m == nil {
		return 0, fmt.Errorf("%q is no Redis memory size", s)
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return 0, err
	}
	unit := map[string]int64{
		"": 1, "k": 1000, "kb": 1 << 10, "m": 1000 * 1000, "mb": 1 << 20, "g": 1000 * 1000 * 1000, "gb": 1 << 30,
	}[m[2]]
	return n * unit, nil
}

// Redis needs memory beyond its data: the append-only file's rewrite forks (copy-on-write),
// client and replication buffers, fragmentation. maxmemory may use this share of the limit.
const redisDataShare = 0.75

// minListpackValue: the hash-max-listpack-value every Redis runs with (tests/src/lib.rs starts
// the tests' Redis with the same).
const minListpackValue = 1024

// redisMemoryProblems: game keys are never evicted (noeviction) and the data stays far enough
// below the container's memory limit that Redis is not OOM-killed instead. limit is in bytes,
// 0 when the container has none.
func redisMemoryProblems(cfg redisConfig, limit int64) []string {
	var problems []string
	if policy := cfg.get("maxmemory-policy"); !strings.EqualFold(policy, "noeviction") {
		problems = append(problems, fmt.Sprintf("maxmemory-policy is %q, not noeviction: Redis could evict game keys", policy))
	}
	// A game's hash holds its record's parts (a few hundred bytes each): as one listpack it takes
	// about a third less than as a hash table of separate strings (docs/storage.md).
	if v, err := strconv.Atoi(cfg.get("hash-max-listpack-value")); err != nil || v < minListpackValue {
		problems = append(problems, fmt.Sprintf("hash-max-listpack-value is %q, not at least %d: each game's hash would be a hash table, about 370 bytes more per live game", cfg.get("hash-max-listpack-value"), minListpackValue))
	}
	raw := cfg.get("maxmemory")
	if raw == "" {
		return append(problems, "no maxmemory: Redis grows until the kernel kills it, instead of refusing writes")
	}
	maxmemory, err := redisBytes(raw)
	switch {
	case err != nil:
		problems = append(problems, "maxmemory: "+err.Error())
	case maxmemory == 0:
		problems = append(problems, "maxmemory 0 means no limit")
	case limit == 0:
		problems = append(problems, "no memory limit to size maxmemory against")
	case float64(maxmemory) > redisDataShare*float64(limit):
		problems = append(problems, fmt.Sprintf("maxmemory %s is above %.0f%% of the %d-byte memory limit: no headroom for forks and buffers", raw, redisDataShare*100, limit))
	}
	return problems
}

// redisCLIAuth says whether a redis-cli command line authenticates with want: REDISCLI_AUTH in
// its environment, or -a with that value or with a shell variable holding it.
func redisCLIAuth(command string, env map[string]string, want string) bool {
	if env["REDISCLI_AUTH"] == want {
		return true
	}
	for _, m := range regexp.MustCompile(`-a\s+"?(\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?|[^\s"]+)`).FindAllStringSubmatch(command, -1) {
		if (m[2] != "" && env[m[2]] == want) || (m[2] == "" && m[1] == want) {
			return true
		}
	}
	return false
}

// redisCLIProblems: a command running redis-cli authenticates, and when it pings, it looks
// for the PONG (redis-cli exits 0 on an error reply such as NOAUTH, so the exit code alone
// passes against a Redis that refuses it).
func redisCLIProblems(command string, env map[string]string, password string) []string {
	if !strings.Contains(command, "redis-cli") {
		return nil
	}
	var problems []string
	if !redisCLIAuth(command, env, password) {
		problems = append(problems, "runs redis-cli without the Redis password (REDISCLI_AUTH or -a)")
	}
	if regexp.MustCompile(`\bping\b`).MatchString(command) && !strings.Contains(command, "PONG") {
		problems = append(problems, "runs redis-cli ping without looking for PONG: redis-cli exits 0 on NOAUTH")
	}
	return problems
}
