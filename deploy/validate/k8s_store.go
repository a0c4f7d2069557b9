package main

import (
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// redisServer is a container running redis-server: its workload, environment and the
// configuration its command line and config file give it.
type redisServer struct {
	w     workload
	c     corev1.Container
	where string
	env   map[string]string
	cfg   redisConfig
}

// password is the value requirepass resolves to ("" when Redis takes anyone).
func (r redisServer) password() string { return r.cfg.get("requirepass") }

// clientPort is the port Redis serves clients on.
func (r redisServer) clientPort() int32 {
	if p, err := strconv.Atoi(r.cfg.get("port")); err == nil {
		return int32(p)
	}
	return 6379
}

func (r redisServer) cluster() bool { return strings.EqualFold(r.cfg.get("cluster-enabled"), "yes") }

// findRedis collects every container that runs redis-server.
func (s *objectSet) findRedis() {
	for _, w := range s.workloads {
		for _, c := range w.template.Spec.Containers {
			env := s.containerEnv(c)
			args, _ := argv(c, env)
			if !isRedisServer(args) {
				continue
			}
			where := fmt.Sprintf("%s container %s", w, c.Name)
			cfg, err := parseRedisArgs(args, func(file string) (string, error) {
				return s.mountedConfigFile(w.template.Spec, c, file)
			})
			if err != nil {
				s.fail("%s: %v", where, err)
				continue
			}
			s.redis = append(s.redis, redisServer{w, c, where, env, cfg})
		}
	}
}

// mountedConfigFile reads a file the container sees through a ConfigMap volume.
func (s *objectSet) mountedConfigFile(pod corev1.PodSpec, c corev1.Container, file string) (string, error) {
	for _, m := range c.VolumeMounts {
		rel, ok := strings.CutPrefix(file, strings.TrimSuffix(m.MountPath, "/")+"/")
		if !ok {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name != m.Name || v.ConfigMap == nil {
				continue
			}
			key := rel
			for _, item := range v.ConfigMap.Items {
				if path.Clean(item.Path) == rel {
					key = item.Key
				}
			}
			if cm := s.configMaps[v.ConfigMap.Name]; cm != nil {
				if text, ok := cm.Data[key]; ok {
					return text, nil
				}
			}
			return "", fmt.Errorf("ConfigMap %s has no key %q", v.ConfigMap.Name, key)
		}
	}
	return "", errors.New("not in a mounted ConfigMap")
}

// checkRedis: Redis requires a password from a Secret (replicas too, with masterauth), caps
// its data below its memory limit without evicting, its probes authenticate, and the network
// admits its clients only.
func (s *objectSet) checkRedis(r redisServer) {
	password := r.password()
	if password == "" {
		s.fail("%s: Redis accepts clients without a password (no requirepass)", r.where)
	} else if _, ok := fromSecret(password); !ok {
		s.fail("%s: requirepass is %s; take it from a Secret", r.where, describe(password))
	}
	if r.cluster() && r.cfg.get("masterauth") != password {
		s.fail("%s: cluster node whose masterauth is not its requirepass: a replica could not authenticate to its master", r.where)
	}
	limit := int64(0)
	if q, ok := r.c.Resources.Limits[corev1.ResourceMemory]; ok {
		limit = q.Value()
	}
	for _, p := range redisMemoryProblems(r.cfg, limit) {
		s.fail("%s: %s", r.where, p)
	}
	for name, probe := range map[string]*corev1.Probe{"startupProbe": r.c.StartupProbe, "readinessProbe": r.c.ReadinessProbe, "livenessProbe": r.c.LivenessProbe} {
		command := s.checkExecProbe(r.where, name, probe)
		for _, p := range redisCLIProblems(command, r.env, password) {
			s.fail("%s: %s %s", r.where, name, p)
		}
	}
	s.checkStoreNetwork(r)
}

// checkRedisClients: other containers that run redis-cli (the cluster's init Job) use the
// password the overlay's Redis requires.
func (s *objectSet) checkRedisClients() {
	if len(s.redis) == 0 {
		return
	}
	password := s.redis[0].password()
	for _, w := range s.workloads {
		for _, c := range w.template.Spec.Containers {
			env := s.containerEnv(c)
			args, _ := argv(c, env)
			if isRedisServer(args) {
				continue
			}
			for _, p := range redisCLIProblems(strings.Join(args, " "), env, password) {
				s.fail("%s container %s: %s", w, c.Name, p)
			}
		}
	}
}

// redisBehind lists the Redis servers a Service sends to.
func (s *objectSet) redisBehind(svc *corev1.Service) []redisServer {
	var out []redisServer
	if len(svc.Spec.Selector) == 0 {
		return nil
	}
	sel := labels.SelectorFromSet(svc.Spec.Selector)
	for _, r := range s.redis {
		if sel.Matches(labels.Set(r.w.template.Labels)) {
			out = append(out, r)
		}
	}
	return out
}

// checkStoreNetwork: the client port admits the overlay's clients of Redis (the server and
// any redis-cli workload) and not everyone; a cluster's bus admits the cluster's own nodes.
func (s *objectSet) checkStoreNetwork(r redisServer) {
	port, ok := containerPortByNumber(r.c, r.clientPort())
	if !ok {
		s.fail("%s: no container port %d, on which Redis serves", r.where, r.clientPort())
		return
	}
	in := s.ingress(r.w, port)
	if in.anyone || in.wide {
		s.fail("%s: the store port %d admits every source: add a NetworkPolicy that admits Redis' clients only", r.where, port.ContainerPort)
	}
	var clients []workload
	for _, w := range s.workloads {
		if s.isServer(w) || s.runsRedisCLI(w) {
			clients = append(clients, w)
		}
	}
	if r.cluster() {
		clients = append(clients, r.w)
	}
	for _, client := range clients {
		if !s.admits(in, client) {
			s.fail("%s: its NetworkPolicy does not admit %s on the store port %d", r.where, client, port.ContainerPort)
		}
	}
	if !r.cluster() {
		return
	}
	bus := r.clientPort() + 10000
	if p, err := strconv.Atoi(r.cfg.get("cluster-port")); err == nil && p != 0 {
		bus = int32(p)
	}
	busPort, ok := containerPortByNumber(r.c, bus)
	if !ok {
		s.fail("%s: no container port %d for the cluster bus", r.where, bus)
		return
	}
	busIn := s.ingress(r.w, busPort)
	if busIn.anyone || busIn.wide {
		s.fail("%s: the cluster bus port %d admits every source", r.where, bus)
	}
	if !s.admits(busIn, r.w) {
		s.fail("%s: its NetworkPolicy does not admit the cluster's own nodes on the bus port %d", r.where, bus)
	}
}

func (s *objectSet) runsRedisCLI(w workload) bool {
	for _, c := range w.template.Spec.Containers {
		args, _ := argv(c, s.containerEnv(c))
		if !isRedisServer(args) && strings.Contains(strings.Join(args, " "), "redis-cli") {
			return true
		}
	}
	return false
}

func containerPortByNumber(c corev1.Container, number int32) (corev1.ContainerPort, bool) {
	for _, p := range c.Ports {
		if p.ContainerPort == number {
			return p, true
		}
	}
	return corev1.ContainerPort{}, false
}
