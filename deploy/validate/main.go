// Command validate checks Tablero's deployment files without a cluster or a Docker engine:
//
//   - every Kubernetes manifest under k8s/ decodes strictly into the real API types (unknown
//     fields, wrong types and unknown kinds fail), every kustomization renders with the real
//     kustomize, and the rendered objects pass our own checks (gRPC probes, readiness on the
//     store, non-root, resource requests, selectors that match, the store setting, production
//     settings, Secrets for the Redis password and the API keys, Redis' password, maxmemory
//     and noeviction, NetworkPolicies that keep the metrics and store ports private);
//   - compose.yaml (alone and with compose.redis-cluster.yaml) loads with the real Compose
//     loader, schema included, has what the deployment needs, requires REDIS_PASSWORD, and
//     publishes no port but Envoy's gRPC listener on the host's addresses;
//   - the Dockerfile parses with BuildKit's parser and is multi-stage, non-root, health-checked;
//   - the Envoy config decodes into Envoy's own API types and passes their validation, with
//     its admin interface on the loopback; the Prometheus and collector configs parse and
//     agree with the compose services; the example API keys file is in the server's format.
//
// Usage: go run . [DEPLOY_DIR]   (default: the parent directory, i.e. deploy/)
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := ".."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	problems := Validate(abs)
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "FAIL:", p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "%d problem(s) in %s\n", len(problems), abs)
		os.Exit(1)
	}
	fmt.Printf("deploy files valid: %s\n", abs)
}

// Validate runs every check on the deployment directory and returns the problems found.
func Validate(deployDir string) []error {
	var problems []error
	problems = append(problems, validateKubernetes(filepath.Join(deployDir, "k8s"))...)
	problems = append(problems, validateCompose(deployDir)...)
	problems = append(problems, validateDockerfile(deployDir)...)
	problems = append(problems, validateEnvoy(filepath.Join(deployDir, "k8s", "components", "edge", "envoy.yaml"))...)
	problems = append(problems, validateAPIKeysExample(deployDir)...)
	return problems
}
