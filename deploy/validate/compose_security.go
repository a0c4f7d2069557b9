package main

import (
	"net"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"
)

// The compose files take the Redis password from this variable (deploy/.env). The checks load
// them with a value no file could contain by chance and look for it wherever the password
// belongs.
const (
	passwordVariable = "REDIS_PASSWORD"
	passwordSentinel = "validator-sentinel-3f9c1e"
)

// composeEnv is a service's environment with its values.
func composeEnv(s types.ServiceConfig) map[string]string {
	env := map[string]string{}
	for k, v := range s.Environment {
		if v != nil {
			env[k] = *v
		}
	}
	return env
}

// healthArgv is a healthcheck's command line: CMD's words, or CMD-SHELL's split on spaces.
func healthArgv(test []string) []string {
	if len(test) == 0 {
		return nil
	}
	switch test[0] {
	case "CMD":
		return test[1:]
	case "CMD-SHELL":
		return strings.Fields(strings.Join(test[1:], " "))
	}
	return test
}

// checkServerSecurity: production settings, a healthcheck that follows the store, and the API
// keys (and any TLS files) in a read-only mount kept out of the image.
func (c *composeCheck) checkServerSecurity(server types.ServiceConfig) {
	env := composeEnv(server)
	// Every value of a compose file is written in it or in deploy/.env, and shows in `docker
	// inspect`: none is a secret store.
	for _, p := range productionProblems(env, func(string) bool { return true }) {
		c.fail("%s: %s", serverService, p)
	}
	for _, p := range serverMemoryProblems(env, memoryLimit(server)) {
		c.fail("%s: %s", serverService, p)
	}
	if server.HealthCheck != nil {
		argv := healthArgv(server.HealthCheck.Test)
		if isTableroProbe(argv) {
			service, _ := probeFlag(argv, "--service")
			if p := probeServiceProblem("healthcheck", true, service); p != "" {
				c.fail("%s: %s", serverService, p)
			}
		}
	}
	for _, setting := range secretFileSettings {
		if file := env[setting]; file != "" {
			c.checkSecretFile(server, setting, file)
		}
	}
}

// checkSecretFile: a file the server reads comes from a compose secret or a read-only bind
// mount of the host (never from the image or the repository).
func (c *composeCheck) checkSecretFile(server types.ServiceConfig, setting, file string) {
	for _, s := range server.Secrets {
		target := s.Target
		if target == "" {
			target = s.Source
		}
		if !path.IsAbs(target) {
			target = "/run/secrets/" + target
		}
		if target == file {
			return
		}
	}
	var mount *types.ServiceVolumeConfig
	for i, v := range server.Volumes {
		dir := strings.TrimSuffix(v.Target, "/")
		if (file == dir || strings.HasPrefix(file, dir+"/")) && (mount == nil || len(dir) > len(mount.Target)) {
			mount = &server.Volumes[i]
		}
	}
	switch {
	case mount == nil:
		c.fail("%s: %s %s is in no mounted directory and no secret", serverService, setting, file)
	case mount.Type != types.VolumeTypeBind:
		c.fail("%s: %s %s is in a %s volume: mount it from the host (a read-only bind or a secret)", serverService, setting, file, mount.Type)
	case !mount.ReadOnly:
		c.fail("%s: %s: %s is not mounted read-only", serverService, setting, mount.Target)
	}
}

// checkRedis: every Redis requires the password (replicas authenticate with it too), caps its
// data below its memory limit without evicting, and everything that runs redis-cli (health
// checks, the cluster's init) authenticates.
func (c *composeCheck) checkRedis() {
	names := make([]string, 0, len(c.project.Services))
	for name := range c.project.Services {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s := c.project.Services[name]
		env := composeEnv(s)
		if len(s.Entrypoint) == 0 && isRedisServer(s.Command) {
			c.checkRedisServer(name, s, env)
			continue
		}
		command := strings.Join(append(append([]string{}, s.Entrypoint...), s.Command...), " ")
		for _, p := range redisCLIProblems(command, env, passwordSentinel) {
			c.fail("%s: %s", name, p)
		}
	}
}

func (c *composeCheck) checkRedisServer(name string, s types.ServiceConfig, env map[string]string) {
	cfg, err := parseRedisArgs(s.Command, func(file string) (string, error) {
		for _, v := range s.Volumes {
			if rel, ok := strings.CutPrefix(file, strings.TrimSuffix(v.Target, "/")+"/"); ok && v.Type == types.VolumeTypeBind {
				data, err := os.ReadFile(filepath.Join(v.Source, rel))
				return string(data), err
			}
		}
		return "", os.ErrNotExist
	})
	if err != nil {
		c.fail("%s: %v", name, err)
		return
	}
	switch password := cfg.get("requirepass"); password {
	case passwordSentinel:
	case "":
		c.fail("%s: Redis accepts clients without a password (no --requirepass)", name)
	default:
		c.fail("%s: requirepass is not ${%s}: a password written in the compose file", name, passwordVariable)
	}
	if strings.EqualFold(cfg.get("cluster-enabled"), "yes") && cfg.get("masterauth") != passwordSentinel {
		c.fail("%s: cluster node whose masterauth is not ${%s}: a replica could not authenticate to its master", name, passwordVariable)
	}
	for _, p := range redisMemoryProblems(cfg, memoryLimit(s)) {
		c.fail("%s: %s", name, p)
	}
	if s.HealthCheck != nil {
		command := strings.Join(healthArgv(s.HealthCheck.Test), " ")
		for _, p := range redisCLIProblems(command, env, passwordSentinel) {
			c.fail("%s: healthcheck %s", name, p)
		}
	}
}

// checkPublishedPorts: the host's addresses publish Envoy's client listener and nothing else;
// operator tools may listen on the host's loopback. Metrics, Envoy's admin interface, the
// collector and Redis stay on the compose network.
func (c *composeCheck) checkPublishedPorts() {
	public := map[uint32]bool{}
	if envoy, ok := c.project.Services["envoy"]; ok {
		for _, v := range envoy.Volumes {
			if v.Type == types.VolumeTypeBind && v.Target == "/etc/envoy/envoy.yaml" {
				ports, err := envoyPublicPorts(v.Source, c.serverNames())
				if err != nil {
					c.fail("envoy: %v", err)
				}
				public = ports
			}
		}
	}
	names := make([]string, 0, len(c.project.Services))
	for name := range c.project.Services {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, p := range c.project.Services[name].Ports {
			if ip := net.ParseIP(p.HostIP); ip != nil && ip.IsLoopback() {
				continue
			}
			if name == "envoy" && public[p.Target] {
				continue
			}
			c.fail("%s: publishes port %d on every address of the host: only Envoy's gRPC listener may be public (bind operator tools to 127.0.0.1)", name, p.Target)
		}
	}
}

// memoryLimit: a service's memory limit in bytes (deploy.resources or mem_limit), 0 if none.
func memoryLimit(s types.ServiceConfig) int64 {
	if s.Deploy != nil && s.Deploy.Resources.Limits != nil && s.Deploy.Resources.Limits.MemoryBytes > 0 {
		return int64(s.Deploy.Resources.Limits.MemoryBytes)
	}
	return int64(s.MemLimit)
}
