package main

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"gopkg.in/yaml.v3"
)

// The compose files: the main one alone, and with the Redis Cluster override.
var composeVariants = [][]string{
	{"compose.yaml"},
	{"compose.yaml", "compose.redis-cluster.yaml"},
}

// The server's service and how many replicas it runs.
const (
	serverService  = "tablero"
	serverReplicas = 3
)

// validateCompose loads each compose variant with the Compose loader (schema validation,
// interpolation, merging of the override) and checks what the deployment relies on.
func validateCompose(dir string) []error {
	var problems []error
	for _, files := range composeVariants {
		paths := make([]string, len(files))
		for i, f := range files {
			paths[i] = filepath.Join(dir, f)
		}
		name := strings.Join(files, " + ")
		// Without the password the files must not load: no default password, no open Redis.
		if _, err := loadCompose(dir, paths, nil); err == nil || !strings.Contains(err.Error(), passwordVariable) {
			problems = append(problems, fmt.Errorf("%s: loads without %s set: Redis would run with a default password or none (use ${%s:?message})", name, passwordVariable, passwordVariable))
		}
		project, err := loadCompose(dir, paths, []string{passwordVariable + "=" + passwordSentinel})
		if err != nil {
			problems = append(problems, fmt.Errorf("%s: %w", name, err))
			continue
		}
		c := &composeCheck{name: name, dir: dir, project: project}
		c.check(len(files) > 1)
		problems = append(problems, c.problems...)
	}
	return problems
}

// loadCompose loads a project with exactly the given environment (KEY=VALUE).
func loadCompose(dir string, paths, env []string) (*types.Project, error) {
	opts, err := cli.NewProjectOptions(paths,
		cli.WithWorkingDirectory(dir),
		cli.WithName("tablero"),
		cli.WithResolvedPaths(true),
		// Nothing from the machine's environment or deploy/.env: CI and a laptop load the same
		// project.
		cli.WithEnv(env),
		// The collector is in the `traces` profile: validate it too.
		cli.WithProfiles([]string{"traces"}),
	)
	if err != nil {
		return nil, err
	}
	return opts.LoadProject(context.Background())
}

type composeCheck struct {
	name     string
	dir      string
	project  *types.Project
	problems []error
}

func (c *composeCheck) fail(format string, args ...any) {
	c.problems = append(c.problems, fmt.Errorf(c.name+": "+format, args...))
}

func (c *composeCheck) service(name string) (types.ServiceConfig, bool) {
	s, ok := c.project.Services[name]
	if !ok {
		c.fail("no service %q", name)
	}
	return s, ok
}

func (c *composeCheck) check(cluster bool) {
	for _, name := range []string{"redis", serverService, "envoy", "otel-collector", "prometheus"} {
		c.service(name)
	}
	for name, s := range c.project.Services {
		c.checkMounts(name, s)
		if s.Build != nil {
			c.checkBuild(name, s.Build)
		}
	}
	server, ok := c.project.Services[serverService]
	if !ok {
		return
	}
	if server.Deploy == nil || server.Deploy.Replicas == nil || *server.Deploy.Replicas != serverReplicas {
		c.fail("%s: deploy.replicas should be %d", serverService, serverReplicas)
	}
	if len(server.Ports) > 0 {
		c.fail("%s: publishes host ports, which %d replicas cannot share; Envoy is the entry point", serverService, serverReplicas)
	}
	if server.Build == nil {
		c.fail("%s: no build section", serverService)
	}
	if server.HealthCheck == nil || !slices.ContainsFunc(server.HealthCheck.Test, func(s string) bool {
		return strings.HasSuffix(s, "tablero-probe")
	}) {
		c.fail("%s: the healthcheck should run tablero-probe", serverService)
	}
	env := func(key string) string {
		if v := server.Environment[key]; v != nil {
			return *v
		}
		return ""
	}
	// The servers start once their store is up. With the cluster they do not wait for the job
	// that forms it (podman cannot start a container whose dependency has dependencies; the
	// servers answer NOT_SERVING until the cluster is formed).
	if dep, ok := server.DependsOn["redis"]; !ok || dep.Condition != types.ServiceConditionHealthy {
		c.fail("%s: should depend on redis with condition %s", serverService, types.ServiceConditionHealthy)
	}
	if _, ok := server.DependsOn["redis-cluster-init"]; ok {
		c.fail("%s: depends on redis-cluster-init, a dependency with dependencies of its own, which podman cannot start", serverService)
	}
	store := env("TABLERO_STORE")
	want := "redis://"
	if cluster {
		want = "redis+cluster://"
	}
	if !strings.HasPrefix(store, want) {
		c.fail("%s: TABLERO_STORE %q should start with %s", serverService, store, want)
	} else {
		nodes := strings.TrimPrefix(store, want)
		credentials, rest, hasCredentials := strings.Cut(nodes, "@")
		if _, password, _ := strings.Cut(credentials, ":"); !hasCredentials || password != passwordSentinel {
			c.fail("%s: TABLERO_STORE does not carry %s (redis://:${%s}@host:port)", serverService, passwordVariable, passwordVariable)
		}
		if hasCredentials {
			nodes = rest
		}
		for _, node := range strings.Split(nodes, ",") {
			c.checkHostPort(serverService, "TABLERO_STORE", node)
		}
	}
	if ep := env("OTEL_EXPORTER_OTLP_ENDPOINT"); ep == "" {
		c.fail("%s: no OTEL_EXPORTER_OTLP_ENDPOINT", serverService)
	} else if u, err := url.Parse(ep); err != nil || u.Host == "" {
		c.fail("%s: OTEL_EXPORTER_OTLP_ENDPOINT %q is no URL", serverService, ep)
	} else {
		c.checkHostPort(serverService, "OTEL_EXPORTER_OTLP_ENDPOINT", u.Host)
	}
	_, grpcPort, err := net.SplitHostPort(env("TABLERO_LISTEN"))
	if err != nil {
		c.fail("%s: TABLERO_LISTEN %q is no host:port", serverService, env("TABLERO_LISTEN"))
	}
	_, metricsPort, err := net.SplitHostPort(env("TABLERO_METRICS_LISTEN"))
	if err != nil {
		c.fail("%s: TABLERO_METRICS_LISTEN %q is no host:port", serverService, env("TABLERO_METRICS_LISTEN"))
	}
	c.checkEnvoyTarget(grpcPort)
	c.checkPrometheus(metricsPort)
	c.checkCollector()
	c.checkServerSecurity(server)
	c.checkRedis()
	c.checkPublishedPorts()
}

// checkHostPort: host names a service of the project.
func (c *composeCheck) checkHostPort(service, setting, hostPort string) {
	host, _, err := net.SplitHostPort(hostPort)
	if err != nil {
		host = hostPort
	}
	if _, ok := c.project.Services[host]; !ok {
		c.fail("%s: %s names host %q, which is no service", service, setting, host)
	}
}

// checkMounts: every bind-mounted file or directory exists.
func (c *composeCheck) checkMounts(service string, s types.ServiceConfig) {
	for _, v := range s.Volumes {
		if v.Type != types.VolumeTypeBind {
			continue
		}
		if _, err := os.Stat(v.Source); err != nil {
			c.fail("%s: bind mount source %s does not exist", service, v.Source)
		}
	}
}

func (c *composeCheck) checkBuild(service string, b *types.BuildConfig) {
	if _, err := os.Stat(b.Context); err != nil {
		c.fail("%s: build context %s does not exist", service, b.Context)
		return
	}
	dockerfile := b.Dockerfile
	if !filepath.IsAbs(dockerfile) {
		dockerfile = filepath.Join(b.Context, dockerfile)
	}
	if _, err := os.Stat(dockerfile); err != nil {
		c.fail("%s: Dockerfile %s does not exist", service, dockerfile)
	}
}

// mounted reads the YAML file bind-mounted into a service at target.
func (c *composeCheck) mounted(service, target string, into any) bool {
	s, ok := c.project.Services[service]
	if !ok {
		return false
	}
	for _, v := range s.Volumes {
		if v.Type == types.VolumeTypeBind && v.Target == target {
			data, err := os.ReadFile(v.Source)
			if err != nil {
				c.fail("%s: %v", service, err)
				return false
			}
			if err := yaml.Unmarshal(data, into); err != nil {
				c.fail("%s: %s: %v", service, v.Source, err)
				return false
			}
			return true
		}
	}
	c.fail("%s: nothing mounted at %s", service, target)
	return false
}

type envoyHealthCheck struct {
	GRPC *struct {
		ServiceName string `yaml:"service_name"`
	} `yaml:"grpc_health_check"`
}

// serverNames: the names the server's replicas are found by on the compose network, the
// service's own and its aliases.
func (c *composeCheck) serverNames() []string {
	names := []string{serverService}
	if s, ok := c.project.Services[serverService]; ok {
		for _, n := range s.Networks {
			if n != nil {
				names = append(names, n.Aliases...)
			}
		}
	}
	return names
}

// checkEnvoyTarget: Envoy sends to the server service at its gRPC port, health-checked.
func (c *composeCheck) checkEnvoyTarget(grpcPort string) {
	var config struct {
		StaticResources struct {
			Clusters []struct {
				Name           string             `yaml:"name"`
				Type           string             `yaml:"type"`
				HealthChecks   []envoyHealthCheck `yaml:"health_checks"`
				LoadAssignment struct {
					Endpoints []struct {
						LbEndpoints []struct {
							Endpoint struct {
								Address struct {
									Socket struct {
										Address string `yaml:"address"`
										Port    int    `yaml:"port_value"`
									} `yaml:"socket_address"`
								} `yaml:"address"`
							} `yaml:"endpoint"`
						} `yaml:"lb_endpoints"`
					} `yaml:"endpoints"`
				} `yaml:"load_assignment"`
			} `yaml:"clusters"`
		} `yaml:"static_resources"`
	}
	if !c.mounted("envoy", "/etc/envoy/envoy.yaml", &config) {
		return
	}
	found := false
	for _, cl := range config.StaticResources.Clusters {
		for _, e := range cl.LoadAssignment.Endpoints {
			for _, lb := range e.LbEndpoints {
				sock := lb.Endpoint.Address.Socket
				if !slices.Contains(c.serverNames(), sock.Address) {
					continue
				}
				found = true
				if fmt.Sprint(sock.Port) != grpcPort {
					c.fail("envoy: cluster %s sends to port %d, the server listens on %s", cl.Name, sock.Port, grpcPort)
				}
				if cl.Type != "STRICT_DNS" {
					c.fail("envoy: cluster %s is %q; STRICT_DNS finds every replica", cl.Name, cl.Type)
				}
				if !slices.ContainsFunc(cl.HealthChecks, func(h envoyHealthCheck) bool { return h.GRPC != nil }) {
					c.fail("envoy: cluster %s has no grpc_health_check", cl.Name)
				}
				for _, h := range cl.HealthChecks {
					if h.GRPC != nil && h.GRPC.ServiceName != storeService {
						c.fail("envoy: cluster %s: grpc_health_check asks for service %q, not %s: a replica that cannot reach the store would keep receiving requests", cl.Name, h.GRPC.ServiceName, storeService)
					}
				}
			}
		}
	}
	if !found {
		c.fail("envoy: no cluster sends to the %s service", serverService)
	}
}

// checkPrometheus: Prometheus scrapes every replica's metrics port, found by DNS.
func (c *composeCheck) checkPrometheus(metricsPort string) {
	var config struct {
		ScrapeConfigs []struct {
			JobName string `yaml:"job_name"`
			DNS     []struct {
				Names []string `yaml:"names"`
				Port  int      `yaml:"port"`
			} `yaml:"dns_sd_configs"`
			Static []struct {
				Targets []string `yaml:"targets"`
			} `yaml:"static_configs"`
		} `yaml:"scrape_configs"`
	}
	if !c.mounted("prometheus", "/etc/prometheus/prometheus.yml", &config) {
		return
	}
	found := false
	for _, sc := range config.ScrapeConfigs {
		for _, d := range sc.DNS {
			if slices.Contains(d.Names, serverService) {
				found = true
				if fmt.Sprint(d.Port) != metricsPort {
					c.fail("prometheus: job %s scrapes port %d, the metrics listen on %s", sc.JobName, d.Port, metricsPort)
				}
			}
			for _, n := range d.Names {
				c.checkHostPort("prometheus", "dns_sd_configs", n)
			}
		}
		for _, st := range sc.Static {
			for _, t := range st.Targets {
				c.checkHostPort("prometheus", "static_configs", t)
			}
		}
	}
	if !found {
		c.fail("prometheus: no dns_sd_configs job scrapes the %s replicas", serverService)
	}
}

// checkCollector: every pipeline uses components the collector config defines, and the OTLP
// gRPC receiver listens on the port the server exports to.
func (c *composeCheck) checkCollector() {
	var config struct {
		Receivers  map[string]any `yaml:"receivers"`
		Processors map[string]any `yaml:"processors"`
		Exporters  map[string]any `yaml:"exporters"`
		Connectors map[string]any `yaml:"connectors"`
		Service    struct {
			Pipelines map[string]struct {
				Receivers  []string `yaml:"receivers"`
				Processors []string `yaml:"processors"`
				Exporters  []string `yaml:"exporters"`
			} `yaml:"pipelines"`
		} `yaml:"service"`
	}
	if !c.mounted("otel-collector", "/etc/otelcol/config.yaml", &config) {
		return
	}
	if _, ok := config.Service.Pipelines["traces"]; !ok {
		c.fail("otel-collector: no traces pipeline")
	}
	has := func(m map[string]any, name string) bool { _, ok := m[name]; return ok }
	for pname, p := range config.Service.Pipelines {
		for _, r := range p.Receivers {
			if !has(config.Receivers, r) && !has(config.Connectors, r) {
				c.fail("otel-collector: pipeline %s: receiver %q is not defined", pname, r)
			}
		}
		for _, pr := range p.Processors {
			if !has(config.Processors, pr) {
				c.fail("otel-collector: pipeline %s: processor %q is not defined", pname, pr)
			}
		}
		for _, e := range p.Exporters {
			if !has(config.Exporters, e) && !has(config.Connectors, e) {
				c.fail("otel-collector: pipeline %s: exporter %q is not defined", pname, e)
			}
		}
	}
	server := c.project.Services[serverService]
	if ep := server.Environment["OTEL_EXPORTER_OTLP_ENDPOINT"]; ep != nil {
		u, err := url.Parse(*ep)
		otlp, _ := config.Receivers["otlp"].(map[string]any)
		protocols, _ := otlp["protocols"].(map[string]any)
		grpc, _ := protocols["grpc"].(map[string]any)
		endpoint, _ := grpc["endpoint"].(string)
		_, port, perr := net.SplitHostPort(endpoint)
		if err != nil || perr != nil || port != u.Port() {
			c.fail("otel-collector: the OTLP gRPC receiver listens on %q, the server exports to %s", endpoint, *ep)
		}
	}
}
