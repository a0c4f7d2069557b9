package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyDeploy copies the real deploy/ directory (without this program) into a temporary
// repository root with the root files the checks read, and returns the copy's deploy dir.
func copyDeploy(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dst := filepath.Join(root, "deploy")
	err = filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if rel == "validate" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"Cargo.toml", ".dockerignore"} {
		data, err := os.ReadFile(filepath.Join(src, "..", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// edit replaces the one occurrence of old in a file of the copy (relative to its deploy dir,
// or to the root when it starts with "../").
func edit(t *testing.T, deployDir, file, old, replacement string) {
	t.Helper()
	path := filepath.Join(deployDir, file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), old); n != 1 {
		t.Fatalf("%s: %q occurs %d times, want once", file, old, n)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, replacement, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestShippedFilesAreValid(t *testing.T) {
	for _, p := range Validate(copyDeploy(t)) {
		t.Error(p)
	}
}

// Each case breaks one thing in a copy of the real files; the validator must report it.
func TestBrokenFilesFail(t *testing.T) {
	cases := []struct {
		name, file, old, replacement, want string
	}{
		{"misspelt field", "k8s/base/deployment.yaml", "readinessProbe:", "readinesProbe:", `unknown field "spec.template.spec.containers[0].readinesProbe"`},
		{"wrong type", "k8s/base/deployment.yaml", "replicas: 3", "replicas: three", "spec.replicas of type int32"},
		{"unknown kind", "k8s/base/pdb.yaml", "kind: PodDisruptionBudget", "kind: PodDisruptionBuget", "no kind"},
		{"probe not gRPC", "k8s/base/deployment.yaml", "livenessProbe:\n            grpc:", "livenessProbe:\n            tcpSocket:", "livenessProbe is not a grpc probe"},
		{"probe on another port", "k8s/base/deployment.yaml", "readinessProbe:\n            grpc:\n              port: 50051", "readinessProbe:\n            grpc:\n              port: 50052", "readinessProbe checks port 50052"},
		{"no preStop", "k8s/base/deployment.yaml", "preStop:\n              sleep:\n                seconds: 5", "postStart:\n              sleep:\n                seconds: 5", "no preStop hook"},
		{"root allowed", "k8s/base/deployment.yaml", "runAsNonRoot: true", "runAsNonRoot: false", "Deployment/tablero container tablero: runAsNonRoot is not set"},
		{"writable root", "k8s/redis/redis.yaml", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "StatefulSet/redis container redis: readOnlyRootFilesystem"},
		{"no CPU request", "k8s/base/deployment.yaml", "cpu: 250m\n", "", "scales on cpu, but container tablero"},
		{"PDB selects nothing", "k8s/base/pdb.yaml", "      app.kubernetes.io/component: server", "      app.kubernetes.io/component: serve", "PodDisruptionBudget/tablero: selector"},
		{"PDB blocks drains", "k8s/base/pdb.yaml", "minAvailable: 2", "minAvailable: 3", "no pod could ever be evicted"},
		{"Service selects nothing", "k8s/base/service.yaml", "spec:\n  type: ClusterIP\n  selector:\n    app.kubernetes.io/name: tablero", "spec:\n  type: ClusterIP\n  selector:\n    app.kubernetes.io/name: tabler", "Service/tablero: selector"},
		{"Service targets a missing port", "k8s/base/service.yaml", "port: 9464\n      targetPort: metrics", "port: 9464\n      targetPort: metric", "targets metric"},
		{"HPA targets nothing", "k8s/base/hpa.yaml", "    name: tablero\n  minReplicas", "    name: tablero-server\n  minReplicas", "scales Deployment/tablero-server"},
		{"HPA of one", "k8s/base/hpa.yaml", "minReplicas: 3", "minReplicas: 1", "leaves a single replica"},
		{"missing resource", "k8s/redis/kustomization.yaml", "  - redis.yaml", "  - redis.yaml\n  - missing.yaml", `resource "missing.yaml" does not exist`},
		{"misspelt kustomization field", "k8s/redis/kustomization.yaml", "configMapGenerator:", "configMapGenerators:", "kustomization.yaml"},
		{"memory store", "k8s/redis/kustomization.yaml", "TABLERO_STORE=redis://redis:6379", "TABLERO_STORE=memory", "each replica would keep its own games"},
		{"store host missing", "k8s/redis/kustomization.yaml", "TABLERO_STORE=redis://redis:6379", "TABLERO_STORE=redis://valkey:6379", `no Service "valkey"`},
		{"cluster node missing", "k8s/redis-cluster/kustomization.yaml", "redis-cluster-2.redis-cluster:6379", "redis-cluster-6.redis-cluster:6379", `no StatefulSet pod "redis-cluster-6"`},
		{"StatefulSet without headless Service", "k8s/redis-cluster/redis-cluster.yaml", "  serviceName: redis-cluster", "  serviceName: redis-nodes", `serviceName "redis-nodes"`},

		{"compose schema", "compose.yaml", "    read_only: true", "    readonly: true", "readonly"},
		{"two replicas", "compose.yaml", "replicas: 3", "replicas: 2", "deploy.replicas should be 3"},
		{"published replica port", "compose.yaml", "    expose:\n      - \"50051\"", "    ports:\n      - \"50051:50051\"\n    expose:\n      - \"50051\"", "publishes host ports"},
		{"missing config file", "compose.yaml", "./otel-collector/config.yaml", "./otel-collector/otel.yaml", "does not exist"},
		{"store host not a service", "compose.yaml", "TABLERO_STORE: redis://redis:6379", "TABLERO_STORE: redis://cache:6379", `names host "cache"`},
		{"cluster not awaited", "compose.redis-cluster.yaml", "condition: service_completed_successfully", "condition: service_started", "should depend on redis-cluster-init"},
		{"cluster override store", "compose.redis-cluster.yaml", "redis+cluster://redis-node-0", "redis://redis-node-0", "should start with redis+cluster://"},
		{"Prometheus scrapes the wrong port", "prometheus/prometheus.yml", "port: 9464", "port: 9465", "scrapes port 9465"},
		{"collector exporter undefined", "otel-collector/config.yaml", "exporters: [debug, spanmetrics]", "exporters: [logging, spanmetrics]", `exporter "logging" is not defined`},

		{"Envoy misspelt field", "envoy/envoy.yaml", "lb_policy: ROUND_ROBIN", "lb_polcy: ROUND_ROBIN", "lb_polcy"},
		{"Envoy bad enum", "envoy/envoy.yaml", "type: STRICT_DNS", "type: STRICT_DNZ", "STRICT_DNZ"},
		{"Envoy unknown typed config", "envoy/envoy.yaml", "envoy.extensions.filters.http.router.v3.Router", "envoy.extensions.filters.http.router.v3.Routr", "Routr"},
		{"Envoy invalid value", "envoy/envoy.yaml", "interval: 5s", "interval: 0s", "Interval"},
		{"Envoy wrong upstream port", "envoy/envoy.yaml", "port_value: 50051", "port_value: 50052", "sends to port 50052"},

		{"Dockerfile single stage", "Dockerfile", "FROM gcr.io/distroless/cc-debian12:nonroot AS runtime\nCOPY --from=build /out/tablero /out/tablero-probe /usr/local/bin/\n", "", "build and runtime should be separate stages"},
		{"Dockerfile copies from the context", "Dockerfile", "COPY --from=build /out/tablero", "COPY /out/tablero", "copies nothing from the build stage"},
		{"Dockerfile without the probe", "Dockerfile", "COPY --from=build /out/tablero /out/tablero-probe /usr/local/bin/", "COPY --from=build /out/tablero /usr/local/bin/", "does not copy tablero-probe"},
		{"Dockerfile root user", "Dockerfile", "USER 65532:65532", "USER root", `USER "root"`},
		{"Dockerfile no health check", "Dockerfile", "CMD [\"/usr/local/bin/tablero-probe\"", "CMD [\"/bin/true\"", "no HEALTHCHECK running tablero-probe"},
		{"Dockerfile shell entrypoint", "Dockerfile", `ENTRYPOINT ["/usr/local/bin/tablero"]`, "ENTRYPOINT /usr/local/bin/tablero", "exec-form ENTRYPOINT"},
		{"Dockerfile old toolchain", "Dockerfile", "FROM rust:1.95-bookworm", "FROM rust:1.80-bookworm", "older than the workspace's rust-version"},
		{"Dockerfile syntax", "Dockerfile", "STOPSIGNAL SIGTERM", "STOPSIGNAL", "STOPSIGNAL"},
		{".dockerignore drops a member", "../.dockerignore", "deploy/validate", "deploy/validate\nrules", "excludes rules/Cargo.toml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyDeploy(t)
			edit(t, dir, tc.file, tc.old, tc.replacement)
			problems := Validate(dir)
			for _, p := range problems {
				if strings.Contains(p.Error(), tc.want) {
					return
				}
			}
			t.Errorf("no problem mentions %q; got %d:", tc.want, len(problems))
			for _, p := range problems {
				t.Log(p)
			}
		})
	}
}
