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
		{"writable root", "k8s/components/redis/redis.yaml", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "StatefulSet/redis container redis: readOnlyRootFilesystem"},
		{"no CPU request", "k8s/base/deployment.yaml", "cpu: 250m\n", "", "scales on cpu, but container tablero"},
		{"PDB selects nothing", "k8s/base/pdb.yaml", "      app.kubernetes.io/component: server", "      app.kubernetes.io/component: serve", "PodDisruptionBudget/tablero: selector"},
		{"PDB blocks drains", "k8s/base/pdb.yaml", "minAvailable: 2", "minAvailable: 3", "no pod could ever be evicted"},
		{"Service selects nothing", "k8s/base/service.yaml", "spec:\n  type: ClusterIP\n  selector:\n    app.kubernetes.io/name: tablero", "spec:\n  type: ClusterIP\n  selector:\n    app.kubernetes.io/name: tabler", "Service/tablero: selector"},
		{"Service targets a missing port", "k8s/base/service.yaml", "port: 9464\n      targetPort: metrics", "port: 9464\n      targetPort: metric", "targets metric"},
		{"HPA targets nothing", "k8s/base/hpa.yaml", "    name: tablero\n  minReplicas", "    name: tablero-server\n  minReplicas", "scales Deployment/tablero-server"},
		{"HPA of one", "k8s/base/hpa.yaml", "minReplicas: 3", "minReplicas: 1", "leaves a single replica"},
		{"missing resource", "k8s/components/redis/kustomization.yaml", "  - redis.yaml", "  - redis.yaml\n  - missing.yaml", `resource "missing.yaml" does not exist`},
		{"misspelt kustomization field", "k8s/components/redis/kustomization.yaml", "patches:", "patchez:", "kustomization.yaml"},
		{"memory store", "k8s/components/redis/store.yaml", "value: redis://:$(REDIS_PASSWORD)@redis:6379", "value: memory", "each replica would keep its own games"},
		{"store host missing", "k8s/components/redis/store.yaml", "@redis:6379", "@valkey:6379", `no Service "valkey"`},
		{"cluster node missing", "k8s/redis-cluster/store.yaml", "redis-cluster-2.redis-cluster:6379", "redis-cluster-6.redis-cluster:6379", `no StatefulSet pod "redis-cluster-6"`},
		{"StatefulSet without headless Service", "k8s/redis-cluster/redis-cluster.yaml", "  serviceName: redis-cluster", "  serviceName: redis-nodes", `serviceName "redis-nodes"`},

		{"compose schema", "compose.yaml", "    read_only: true\n    user:", "    readonly: true\n    user:", "readonly"},
		{"two replicas", "compose.yaml", "replicas: 3", "replicas: 2", "deploy.replicas should be 3"},
		{"published replica port", "compose.yaml", "    expose:\n      - \"50051\"", "    ports:\n      - \"50051:50051\"\n    expose:\n      - \"50051\"", "publishes host ports"},
		{"missing config file", "compose.yaml", "./otel-collector/config.yaml", "./otel-collector/otel.yaml", "does not exist"},
		{"store host not a service", "compose.yaml", "@redis:6379", "@cache:6379", `names host "cache"`},
		{"cluster awaited", "compose.redis-cluster.yaml", "    # No dependency on redis-cluster-init:", "    depends_on:\n      redis-cluster-init:\n        condition: service_completed_successfully\n    # No dependency on redis-cluster-init:", "depends on redis-cluster-init"},
		{"cluster override store", "compose.redis-cluster.yaml", "redis+cluster://", "redis://", "should start with redis+cluster://"},
		{"Prometheus scrapes the wrong port", "prometheus/prometheus.yml", "port: 9464", "port: 9465", "scrapes port 9465"},
		{"collector exporter undefined", "otel-collector/config.yaml", "exporters: [debug, spanmetrics]", "exporters: [logging, spanmetrics]", `exporter "logging" is not defined`},

		{"Envoy misspelt field", "k8s/components/edge/envoy.yaml", "lb_policy: RING_HASH", "lb_polcy: RING_HASH", "lb_polcy"},
		{"Envoy round robin", "k8s/components/edge/envoy.yaml", "lb_policy: RING_HASH", "lb_policy: ROUND_ROBIN", "balances ROUND_ROBIN"},
		{"Envoy hashes nothing", "k8s/components/edge/envoy.yaml", "header_name: tablero-game-id", "header_name: x-game", "does not hash on the tablero-game-id header"},
		{"Envoy bad enum", "k8s/components/edge/envoy.yaml", "type: STRICT_DNS", "type: STRICT_DNZ", "STRICT_DNZ"},
		{"Envoy unknown typed config", "k8s/components/edge/envoy.yaml", "HttpConnectionManager\n                stat_prefix: tablero", "HttpConnectionManagr\n                stat_prefix: tablero", "HttpConnectionManagr"},
		{"Envoy invalid value", "k8s/components/edge/envoy.yaml", "interval: 5s", "interval: 0s", "Interval"},
		{"Envoy wrong upstream port", "k8s/components/edge/envoy.yaml", "port_value: 50051", "port_value: 50052", "sends to port 50052"},

		{"Dockerfile single stage", "Dockerfile", "FROM ${BASE} AS runtime\nCOPY --from=build /out/tablero /out/tablero-probe /usr/local/bin/\n", "", "build and runtime should be separate stages"},
		{"Dockerfile copies from the context", "Dockerfile", "COPY --from=build /out/tablero", "COPY /out/tablero", "copies nothing from the build stage"},
		{"Dockerfile without the probe", "Dockerfile", "COPY --from=build /out/tablero /out/tablero-probe /usr/local/bin/", "COPY --from=build /out/tablero /usr/local/bin/", "does not copy tablero-probe"},
		{"Dockerfile root user", "Dockerfile", "USER 65532:65532", "USER root", `USER "root"`},
		{"Dockerfile no health check", "Dockerfile", "CMD [\"/usr/local/bin/tablero-probe\"", "CMD [\"/bin/true\"", "no HEALTHCHECK running tablero-probe"},
		{"Dockerfile shell entrypoint", "Dockerfile", `ENTRYPOINT ["/usr/local/bin/tablero"]`, "ENTRYPOINT /usr/local/bin/tablero", "exec-form ENTRYPOINT"},
		{"runtime variant drifts", "Dockerfile.runtime", "STOPSIGNAL SIGTERM", "STOPSIGNAL SIGINT", "should say what the Dockerfile's runtime stage says"},
		{"runtime variant builds", "Dockerfile.runtime", "FROM ${BASE} AS runtime", "FROM rust:1.95-bookworm AS build\nFROM ${BASE} AS runtime", "want one (no build stage)"},
		{"Dockerfile old toolchain", "Dockerfile", "ARG BUILDER=rust:1.95-bookworm", "ARG BUILDER=rust:1.80-bookworm", "older than the workspace's rust-version"},
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

// editAll replaces every occurrence of old (at least one) in a file of the copy.
func editAll(t *testing.T, deployDir, file, old, replacement string) {
	t.Helper()
	path := filepath.Join(deployDir, file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s: %q does not occur", file, old)
	}
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(data), old, replacement)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The protections of a production deployment (a protected store, production settings,
// readiness on the store, private metrics and admin ports): each case removes one from a copy
// of the real files, and the validator must name it.
func TestMissingProtectionsFail(t *testing.T) {
	const (
		redisSecret = "            - name: REDIS_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: tablero-redis\n                  key: password\n"
		storeEnv    = "            - name: REDIS_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: tablero-redis\n                  key: password\n            - name: TABLERO_STORE\n              value: redis://:$(REDIS_PASSWORD)@redis:6379\n"
		metricsFrom = "    - from:\n        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: monitoring\n          podSelector:\n            matchLabels:\n              app.kubernetes.io/name: prometheus\n      ports:\n        - port: metrics"
		storeFrom   = "    - from:\n        - podSelector:\n            matchLabels:\n              app.kubernetes.io/name: tablero\n              app.kubernetes.io/component: server\n      ports:\n        - port: redis"
		initPeer    = "        - podSelector:\n            matchLabels:\n              app.kubernetes.io/name: redis-cluster\n              app.kubernetes.io/component: init\n"
		initAuth    = "          env:\n            # Every redis-cli below, --cluster create included, authenticates with it.\n            - name: REDISCLI_AUTH\n              valueFrom:\n                secretKeyRef:\n                  name: tablero-redis\n                  key: password\n"
		tlsReady    = `"--service", "tablero.v1.GameService", "--tls-ca", "/etc/tablero-tls/ca.crt", `
		secretDoc   = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tablero-redis\nstringData:\n  password: hunter2\n---\n"
		composeKeys = "    volumes:\n      - type: bind\n        source: ${TABLERO_SECRETS_DIR:-./secrets}\n        target: /etc/tablero\n        read_only: true\n        bind:\n          create_host_path: false\n"
	)
	cases := []struct {
		name, file, old, replacement, want string
		all                                bool // replace every occurrence, not exactly one
	}{
		// Kubernetes: Redis requires a password from a Secret, and everyone uses it.
		{name: "Redis without a password", file: "k8s/components/redis/redis.yaml", old: "            - --requirepass\n            - $(REDIS_PASSWORD)\n", want: "StatefulSet/redis container redis: Redis accepts clients without a password"},
		{name: "Redis password in the manifest", file: "k8s/components/redis/redis.yaml", old: redisSecret, replacement: "            - name: REDIS_PASSWORD\n              value: hunter2\n", want: "requirepass is a value written in the manifests"},
		{name: "store without the password", file: "k8s/components/redis/store.yaml", old: "redis://:$(REDIS_PASSWORD)@redis:6379", replacement: "redis://redis:6379", want: "TABLERO_STORE carries no password"},
		{name: "store with another Secret", file: "k8s/components/redis/store.yaml", old: "name: tablero-redis", replacement: "name: tablero-cache", want: "TABLERO_STORE gives Secret tablero-cache key password as the password, but StatefulSet/redis container redis requires Secret tablero-redis"},
		{name: "store expands a later variable", file: "k8s/components/redis/store.yaml", old: storeEnv, replacement: "            - name: TABLERO_STORE\n              value: redis://:$(REDIS_PASSWORD)@redis:6379\n" + redisSecret, want: "env TABLERO_STORE refers to $(REDIS_PASSWORD), which is not defined before it"},
		{name: "optional password Secret", file: "k8s/components/redis/store.yaml", old: "                  key: password\n", replacement: "                  key: password\n                  optional: true\n", want: "env REDIS_PASSWORD: optional Secret reference"},
		{name: "cluster without masterauth", file: "k8s/redis-cluster/redis-cluster.yaml", old: "            - --masterauth\n            - $(REDIS_PASSWORD)\n", want: "masterauth is not its requirepass"},
		{name: "probe without the password", file: "k8s/components/redis/redis.yaml", old: "            - name: REDISCLI_AUTH\n              value: $(REDIS_PASSWORD)\n", want: "StatefulSet/redis container redis: readinessProbe runs redis-cli without the Redis password"},
		{name: "probe trusts redis-cli's exit code", file: "k8s/components/redis/redis.yaml", old: `"redis-cli ping | grep -q PONG"`, replacement: `"redis-cli ping"`, want: "readinessProbe runs redis-cli ping without looking for PONG"},
		{name: "probe with a $(NAME)", file: "k8s/components/redis/redis.yaml", old: `"redis-cli ping | grep -q PONG"`, replacement: `"redis-cli -a $(REDIS_PASSWORD) ping | grep -q PONG"`, want: "readinessProbe: exec probes expand no $(NAME)"},
		{name: "init Job without the password", file: "k8s/redis-cluster/redis-cluster.yaml", old: initAuth, want: "Job/redis-cluster-init container init: runs redis-cli without the Redis password"},
		{name: "committed Secret", file: "k8s/components/redis/redis.yaml", old: "apiVersion: v1\nkind: Service\n", replacement: secretDoc + "apiVersion: v1\nkind: Service\n", want: "Secret/tablero-redis carries data"},

		// Kubernetes: Redis keeps every game key and stays under its memory limit.
		{name: "no maxmemory", file: "k8s/components/redis/redis.yaml", old: "            - --maxmemory\n            - 320mb\n", want: "StatefulSet/redis container redis: no maxmemory"},
		{name: "maxmemory without headroom", file: "k8s/redis-cluster/redis-cluster.yaml", old: "maxmemory 320mb", replacement: "maxmemory 500mb", want: "maxmemory 500mb is above 75%"},
		{name: "game hashes as hash tables", file: "k8s/redis-cluster/redis-cluster.yaml", old: "    hash-max-listpack-value 1024\n", want: `hash-max-listpack-value is "", not at least 1024`},
		{name: "compose small listpacks", file: "compose.yaml", old: "      - --hash-max-listpack-value\n      - \"1024\"\n", replacement: "      - --hash-max-listpack-value\n      - \"64\"\n", want: `redis: hash-max-listpack-value is "64"`},
		{name: "evicting Redis", file: "k8s/redis-cluster/redis-cluster.yaml", old: "maxmemory-policy noeviction", replacement: "maxmemory-policy allkeys-lru", want: `maxmemory-policy is "allkeys-lru", not noeviction`},

		// Kubernetes: production settings and the API keys from a Secret.
		{name: "public creates", file: "k8s/base/kustomization.yaml", old: "TABLERO_PUBLIC_CREATE=false", replacement: "TABLERO_PUBLIC_CREATE=true", want: `TABLERO_PUBLIC_CREATE is "true"`},
		{name: "log setting the server refuses", file: "k8s/base/kustomization.yaml", old: "TABLERO_LOG_JSON=1", replacement: "TABLERO_LOG_JSON=enabled", want: `TABLERO_LOG_JSON is "enabled", which the server refuses`},
		{name: "public creates as the server reads 1", file: "k8s/base/kustomization.yaml", old: "TABLERO_PUBLIC_CREATE=false", replacement: "TABLERO_PUBLIC_CREATE=1", want: `TABLERO_PUBLIC_CREATE is "1", not "false"`},
		{name: "API keys inline", file: "k8s/base/kustomization.yaml", old: "      - TABLERO_API_KEYS_FILE=/etc/tablero/api-keys.toml\n", replacement: "      - TABLERO_API_KEYS_FILE=/etc/tablero/api-keys.toml\n      - TABLERO_API_KEYS=[[key]]\n", want: "TABLERO_API_KEYS holds the keys inline"},
		{name: "quota missing", file: "k8s/base/kustomization.yaml", old: "      - TABLERO_GAMES_PER_CALLER=20\n", want: `TABLERO_GAMES_PER_CALLER is "": set a positive quota`},
		{name: "API keys from a ConfigMap", file: "k8s/base/deployment.yaml", old: "          secret:\n            secretName: tablero-api-keys\n            defaultMode: 0440\n", replacement: "          configMap:\n            name: tablero-config\n", want: "is in volume api-keys, which is not a Secret volume"},
		{name: "API keys through subPath", file: "k8s/base/deployment.yaml", old: "              mountPath: /etc/tablero\n", replacement: "              mountPath: /etc/tablero/api-keys.toml\n              subPath: api-keys.toml\n", want: "volume api-keys is mounted with subPath"},
		{name: "API keys writable", file: "k8s/base/deployment.yaml", old: "              mountPath: /etc/tablero\n              readOnly: true\n", replacement: "              mountPath: /etc/tablero\n              readOnly: false\n", want: "volume api-keys is not mounted readOnly"},
		{name: "API keys Secret optional", file: "k8s/base/deployment.yaml", old: "            secretName: tablero-api-keys\n", replacement: "            secretName: tablero-api-keys\n            optional: true\n", want: "Secret tablero-api-keys is optional"},
		{name: "API keys file not projected", file: "k8s/base/deployment.yaml", old: "                path: api-keys.toml\n", replacement: "                path: keys.toml\n", want: `Secret volume api-keys projects no file "api-keys.toml"`},

		// Kubernetes: readiness follows the store, liveness the process.
		{name: "readiness ignores the store", file: "k8s/base/deployment.yaml", old: "              service: tablero.v1.GameService\n", want: `readinessProbe asks for service "", not tablero.v1.GameService`},
		{name: "liveness follows the store", file: "k8s/base/deployment.yaml", old: "          livenessProbe:\n            grpc:\n              port: 50051\n", replacement: "          livenessProbe:\n            grpc:\n              port: 50051\n              service: tablero.v1.GameService\n", want: "livenessProbe asks for service \"tablero.v1.GameService\": it is NOT_SERVING while the store is down"},

		// Kubernetes: metrics stay in the cluster, for Prometheus; the gRPC port is public.
		{name: "metrics in the public Service", file: "k8s/base/service.yaml", old: "  # No metrics port: what clients reach carries gRPC only (metrics: tablero-metrics below).\n", replacement: "    - name: metrics\n      port: 9464\n      targetPort: 9464\n", want: "Service/tablero: carries the metrics port beside gRPC"},
		{name: "metrics Service leaves the cluster", file: "k8s/base/service.yaml", old: "  clusterIP: None\n  selector:\n    app.kubernetes.io/name: tablero\n    app.kubernetes.io/component: server\n  ports:\n    - name: metrics", replacement: "  type: LoadBalancer\n  selector:\n    app.kubernetes.io/name: tablero\n    app.kubernetes.io/component: server\n  ports:\n    - name: metrics", want: "Service/tablero-metrics: exposes the metrics port outside the cluster"},
		{name: "metrics open to all", file: "k8s/base/networkpolicy.yaml", old: metricsFrom, replacement: "    - ports:\n        - port: metrics", want: "the metrics port 9464 admits every source"},
		{name: "metrics open to every namespace", file: "k8s/base/networkpolicy.yaml", old: "        - namespaceSelector:\n            matchLabels:\n              kubernetes.io/metadata.name: monitoring\n          podSelector:\n            matchLabels:\n              app.kubernetes.io/name: prometheus\n", replacement: "        - namespaceSelector: {}\n", want: "the metrics port 9464 admits every source"},
		{name: "metrics not admitted", file: "k8s/base/networkpolicy.yaml", old: "        - port: metrics\n", replacement: "        - port: 9465\n", want: "no NetworkPolicy rule admits the metrics port 9464"},
		{name: "no NetworkPolicy", file: "k8s/base/kustomization.yaml", old: "  - networkpolicy.yaml\n", want: "the metrics port 9464 admits every source"},
		{name: "gRPC port restricted", file: "k8s/base/networkpolicy.yaml", old: "    - ports:\n        - port: grpc", replacement: "    - from:\n        - podSelector: {matchLabels: {role: gateway}}\n      ports:\n        - port: grpc", want: "admits the gRPC port 50051 from some sources only"},
		{name: "NetworkPolicy selects nothing", file: "k8s/base/networkpolicy.yaml", old: "spec:\n  podSelector:\n    matchLabels:\n      app.kubernetes.io/name: tablero\n", replacement: "spec:\n  podSelector:\n    matchLabels:\n      app.kubernetes.io/name: tabler\n", want: "NetworkPolicy/tablero: podSelector matches no pods"},

		// Kubernetes: only Redis' clients reach it.
		{name: "store open to every pod", file: "k8s/components/redis/redis.yaml", old: storeFrom, replacement: "    - ports:\n        - port: redis", want: "the store port 6379 admits every source"},
		{name: "store policy forgets the server", file: "k8s/components/redis/redis.yaml", old: "              app.kubernetes.io/name: tablero\n", replacement: "              app.kubernetes.io/name: gateway\n", want: "its NetworkPolicy does not admit Deployment/tablero on the store port 6379"},
		{name: "store policy forgets the init Job", file: "k8s/redis-cluster/redis-cluster.yaml", old: initPeer, want: "does not admit Job/redis-cluster-init on the store port 6379"},
		{name: "cluster bus closed to the nodes", file: "k8s/redis-cluster/redis-cluster.yaml", old: "        - port: bus\n          protocol: TCP\n", want: "does not admit the cluster's own nodes on the bus port 16379"},

		// Kubernetes: the optional TLS component.
		{name: "TLS with the kubelet's plaintext probe", file: "k8s/components/tls/deployment.yaml", old: "          readinessProbe:\n            grpc: null\n", replacement: "          readinessProbe:\n", want: "readinessProbe is the kubelet's plaintext gRPC probe, but the server speaks TLS"},
		{name: "TLS probe without a CA", file: "k8s/components/tls/deployment.yaml", old: tlsReady, replacement: `"--service", "tablero.v1.GameService", `, want: "readinessProbe runs tablero-probe without --tls-ca"},
		{name: "TLS certificate outside the Secret", file: "k8s/components/tls/deployment.yaml", old: "value: /etc/tablero-tls/tls.crt", replacement: "value: /etc/ssl/tls.crt", want: "TABLERO_TLS_CERT /etc/ssl/tls.crt is in no mounted volume"},
		{name: "TLS probe outlasting the kubelet", file: "k8s/components/tls/deployment.yaml", old: "            timeoutSeconds: 2\n", want: "startupProbe: tablero-probe waits 1500 ms, not less than the kubelet's 1 s timeoutSeconds"},
		// Kubernetes: Envoy in front (the edge component).
		{name: "proxy header trusted from anyone", file: "k8s/components/edge/kustomization.yaml", old: "      kind: NetworkPolicy\n      name: tablero\n", replacement: "      kind: NetworkPolicy\n      name: tablero-none\n", want: "TABLERO_CALLER_HEADER=x-forwarded-for trusts a proxy's header, but the gRPC port 50051 admits every source"},
		{name: "proxy header, no proxy admitted", file: "k8s/components/edge/kustomization.yaml", old: "                  app.kubernetes.io/name: envoy\n", replacement: "                  app.kubernetes.io/name: envoi\n", want: "TABLERO_CALLER_HEADER=x-forwarded-for, but no proxy of this overlay may reach the gRPC port 50051"},
		{name: "Envoy with a writable root", file: "k8s/components/edge/edge.yaml", old: "            readOnlyRootFilesystem: true\n", replacement: "            readOnlyRootFilesystem: false\n", want: "Deployment/tablero-envoy container envoy: readOnlyRootFilesystem is not true"},
		{name: "Envoy config read as a manifest", file: "k8s/components/edge/kustomization.yaml", old: "      - envoy.yaml\n", replacement: "      - envoy.yml\n", want: "envoy.yml"},
		{name: "component nobody uses", file: "k8s/redis-tls/kustomization.yaml", old: "  - ../components/tls\n", want: "component components/tls: no overlay uses it"},

		// Compose: the password is required and used everywhere.
		{name: "compose default password", file: "compose.yaml", old: "${REDIS_PASSWORD:?", replacement: "${REDIS_PASSWORD:-changeme", all: true, want: "compose.yaml: loads without REDIS_PASSWORD set"},
		{name: "compose Redis without a password", file: "compose.yaml", old: "      - --requirepass\n      - *redis-password\n", want: "compose.yaml: redis: Redis accepts clients without a password"},
		{name: "compose password in the file", file: "compose.yaml", old: "      - --requirepass\n      - *redis-password\n", replacement: "      - --requirepass\n      - hunter2\n", want: "redis: requirepass is not ${REDIS_PASSWORD}"},
		{name: "compose healthcheck without the password", file: "compose.yaml", old: "    environment:\n      # redis-cli (the healthcheck) reads the password from here.\n      REDISCLI_AUTH: *redis-password\n", want: "redis: healthcheck runs redis-cli without the Redis password"},
		{name: "compose healthcheck trusts the exit code", file: "compose.yaml", old: `test: ["CMD-SHELL", "redis-cli ping | grep -q PONG"]`, replacement: `test: ["CMD", "redis-cli", "ping"]`, want: "redis: healthcheck runs redis-cli ping without looking for PONG"},
		{name: "compose store without the password", file: "compose.yaml", old: "redis://:${REDIS_PASSWORD:?set REDIS_PASSWORD in deploy/.env, see deploy/README.md}@redis:6379", replacement: "redis://redis:6379", want: "tablero: TABLERO_STORE does not carry REDIS_PASSWORD"},
		{name: "compose cluster without masterauth", file: "compose.redis-cluster.yaml", old: "    - --masterauth\n    - *redis-password\n", want: "redis-node-0: cluster node whose masterauth is not ${REDIS_PASSWORD}"},
		{name: "compose cluster init without the password", file: "compose.redis-cluster.yaml", old: "    environment:\n      REDISCLI_AUTH: *redis-password\n    entrypoint:", replacement: "    entrypoint:", want: "redis-cluster-init: runs redis-cli without the Redis password"},
		{name: "compose cluster store without the password", file: "compose.redis-cluster.yaml", old: "redis+cluster://:${REDIS_PASSWORD:?set REDIS_PASSWORD in deploy/.env, see deploy/README.md}@", replacement: "redis+cluster://", want: "compose.yaml + compose.redis-cluster.yaml: tablero: TABLERO_STORE does not carry REDIS_PASSWORD"},

		// The servers' memory limits hold their hot caches.
		{name: "hot cache above the memory limit", file: "k8s/base/kustomization.yaml", old: "TABLERO_HOT_CACHE_BYTES=134217728", replacement: "TABLERO_HOT_CACHE_BYTES=268435456", want: "Deployment/tablero container tablero: the 268435456-byte memory limit is below the hot cache's 268435456 bytes"},
		{name: "hot cache not a number", file: "k8s/base/kustomization.yaml", old: "TABLERO_HOT_CACHE_BYTES=134217728", replacement: "TABLERO_HOT_CACHE_BYTES=128Mi", want: `TABLERO_HOT_CACHE_BYTES is "128Mi", not a number of bytes`},
		{name: "memory limit below the default hot cache", file: "k8s/base/deployment.yaml", old: "              memory: 256Mi", replacement: "              memory: 128Mi", want: "the 134217728-byte memory limit is below the hot cache's 134217728 bytes"},
		{name: "compose hot cache above the memory limit", file: "compose.yaml", old: `TABLERO_HOT_CACHE_BYTES: "134217728"`, replacement: `TABLERO_HOT_CACHE_BYTES: "268435456"`, want: "tablero: the 268435456-byte memory limit is below the hot cache's 268435456 bytes"},
		{name: "compose server without a memory limit", file: "compose.yaml", old: "          # At least TABLERO_HOT_CACHE_BYTES + 100 MB (deploy/README.md, \"Server memory\").\n          memory: 256M\n", want: "tablero: no memory limit to size the hot cache"},

		// Compose: memory.
		{name: "compose no maxmemory", file: "compose.yaml", old: "      - --maxmemory\n      - 320mb\n", want: "redis: no maxmemory"},
		{name: "compose Redis without a memory limit", file: "compose.yaml", old: "    deploy:\n      resources:\n        limits:\n          memory: 512M\n    volumes:\n      - redis-data:/data\n", replacement: "    volumes:\n      - redis-data:/data\n", want: "redis: no memory limit to size maxmemory against"},
		{name: "compose evicting cluster", file: "compose.redis-cluster.yaml", old: "    - noeviction\n", replacement: "    - volatile-lru\n", want: `redis-node-0: maxmemory-policy is "volatile-lru"`},

		// Compose: production settings.
		{name: "compose public creates", file: "compose.yaml", old: `TABLERO_PUBLIC_CREATE: "false"`, replacement: `TABLERO_PUBLIC_CREATE: "true"`, want: `tablero: TABLERO_PUBLIC_CREATE is "true"`},
		{name: "compose log setting the server refuses", file: "compose.yaml", old: `TABLERO_LOG_JSON: "1"`, replacement: `TABLERO_LOG_JSON: "json"`, want: `tablero: TABLERO_LOG_JSON is "json", which the server refuses`},
		{name: "compose API keys not mounted", file: "compose.yaml", old: composeKeys, want: "TABLERO_API_KEYS_FILE /etc/tablero/api-keys.toml is in no mounted directory"},
		{name: "compose API keys writable", file: "compose.yaml", old: "        read_only: true\n", replacement: "        read_only: false\n", want: "TABLERO_API_KEYS_FILE: /etc/tablero is not mounted read-only"},
		{name: "compose quota missing", file: "compose.yaml", old: "      TABLERO_MAX_PUBLIC_GAMES: \"100000\"\n", want: `TABLERO_MAX_PUBLIC_GAMES is ""`},
		{name: "compose healthcheck ignores the store", file: "compose.yaml", old: `"--service", "tablero.v1.GameService", `, want: `tablero: healthcheck asks for service "", not tablero.v1.GameService`},
		{name: "Envoy health check ignores the store", file: "k8s/components/edge/envoy.yaml", old: "service_name: tablero.v1.GameService", replacement: `service_name: ""`, want: `grpc_health_check asks for service "", not tablero.v1.GameService`},

		// Compose: nothing but Envoy's gRPC listener on the host's addresses.
		{name: "Envoy admin published", file: "compose.yaml", old: "      - \"${TABLERO_PUBLISH:-8080}:8080\"\n", replacement: "      - \"${TABLERO_PUBLISH:-8080}:8080\"\n      - \"9901:9901\"\n", want: "envoy: publishes port 9901 on every address of the host"},
		{name: "Prometheus on every address", file: "compose.yaml", old: `"127.0.0.1:9090:9090"`, replacement: `"9090:9090"`, want: "prometheus: publishes port 9090 on every address of the host"},
		{name: "collector metrics published", file: "compose.yaml", old: "    expose:\n      - \"4317\"", replacement: "    ports:\n      - \"8889:8889\"\n    expose:\n      - \"4317\"", want: "otel-collector: publishes port 8889"},
		{name: "Envoy admin on every address", file: "k8s/components/edge/envoy.yaml", old: "admin:\n  address:\n    socket_address: { address: 127.0.0.1, port_value: 9901 }", replacement: "admin:\n  address:\n    socket_address: { address: 0.0.0.0, port_value: 9901 }", want: `the admin interface listens on "0.0.0.0"`},
		{name: "Dockerfile log setting the server refuses", file: "Dockerfile", old: "TABLERO_LOG_JSON=1", replacement: "TABLERO_LOG_JSON=enabled", want: `Dockerfile: ENV TABLERO_LOG_JSON is "enabled", which the server refuses`},
		{name: "Dockerfile exposes metrics", file: "Dockerfile", old: "EXPOSE 50051\n", replacement: "EXPOSE 50051 9464\n", want: "EXPOSEs the metrics port 9464"},

		// The example API keys file operators copy.
		{name: "API keys example unknown field", file: "api-keys.example.toml", old: `scopes = ["list", "delete"]`, replacement: `scope = ["list", "delete"]`, want: "scope"},
		{name: "API keys example bad hash", file: "api-keys.example.toml", old: `sha256 = "7dac`, replacement: `sha256 = "Xdac`, want: "is not 64 lower-case hex digits"},
		{name: "API keys example unknown scope", file: "api-keys.example.toml", old: `scopes = ["list", "delete"]`, replacement: `scopes = ["list", "admin"]`, want: `unknown scope "admin"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyDeploy(t)
			if tc.all {
				editAll(t, dir, tc.file, tc.old, tc.replacement)
			} else {
				edit(t, dir, tc.file, tc.old, tc.replacement)
			}
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
