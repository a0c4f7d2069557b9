# Shared by deploy/local/up, test and down: names, versions and the compose invocation.
# shellcheck shell=bash

export CONTAINERS_CONF="$here/containers.conf"
STATE="$here/.state"
mkdir -p "$STATE"

PROJECT=tablero-local
BASE=localhost/tablero-base:bookworm
IMAGE_TABLERO=localhost/tablero:local
IMAGE_REDIS=localhost/tablero-redis:local
IMAGE_PROMETHEUS=localhost/tablero-prometheus:local
IMAGE_ENVOY=localhost/tablero-envoy:local
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ENVOY_VERSION=1.40.0
PODMAN_COMPOSE_VERSION=1.6.0
# Loopback only: Envoy's port (compose.yaml publishes ${TABLERO_PUBLISH}) and Prometheus's.
PUBLISH="127.0.0.1:${TABLERO_LOCAL_PORT:-8080}"
PROMETHEUS_ADDR=127.0.0.1:9090

step() { printf '== %s (%ss)\n' "$1" "$SECONDS"; }

need_root() {
  [[ $(id -u) == 0 ]] || { echo "run as root (podman with runc, apt)" >&2; exit 1; }
}

cluster() { [[ -f "$STATE/cluster" && "$(cat "$STATE/cluster")" == 1 ]]; }

# podman-compose on the repository's compose files with the local images layered on.
compose() {
  local files=(-f "$root/deploy/compose.yaml")
  cluster && files+=(-f "$root/deploy/compose.redis-cluster.yaml")
  files+=(-f "$here/compose.yaml")
  cluster && files+=(-f "$here/compose.redis-cluster.yaml")
  REDIS_PASSWORD="$(cat "$STATE/redis-password")" \
    TABLERO_SECRETS_DIR="$STATE/secrets" \
    TABLERO_PUBLISH="$PUBLISH" \
    podman-compose -p "$PROJECT" "${files[@]}" "$@"
}

# A random Redis password (hex: it goes into a URL unescaped) and one API key with every
# scope, kept in .state; the server reads only the key's SHA-256.
make_secrets() {
  [[ -s "$STATE/redis-password" ]] || od -An -N24 -tx1 /dev/urandom | tr -d ' \n' >"$STATE/redis-password"
  [[ -s "$STATE/api-key" ]] || od -An -N32 -tx1 /dev/urandom | tr -d ' \n' >"$STATE/api-key"
  mkdir -p "$STATE/secrets"
  local sha
  sha="$(printf %s "$(cat "$STATE/api-key")" | sha256sum | cut -d' ' -f1)"
  printf '[[key]]\nname = "local-stack-test"\nsha256 = "%s"\nscopes = ["create", "setup", "list", "delete"]\n' \
    "$sha" >"$STATE/secrets/api-keys.toml"
  chmod 0644 "$STATE/secrets/api-keys.toml"
  chmod 0755 "$STATE/secrets"
}

# The containers of one service, by name.
containers_of() {
  podman ps --filter "label=com.docker.compose.project=$PROJECT" \
    --filter "label=com.docker.compose.service=$1" --format '{{.Names}}' | sort
}

# wait_for WHAT SECONDS COMMAND...: runs COMMAND every second until it succeeds, for at most
# SECONDS; WHAT names it in the log.
wait_for() {
  local what="$1" limit="$2" start=$SECONDS
  shift 2
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS - start > limit)); then
      echo "timed out after ${limit}s waiting for $what" >&2
      return 1
    fi
    sleep 1
  done
  printf '   %s after %ss\n' "$what" "$((SECONDS - start))"
}

redis_answers() {
  if cluster; then
    cluster_ok
  else
    podman exec "$(containers_of redis | head -1)" redis-cli ping | grep -q PONG
  fi
}

all_nodes_answer() {
  local n
  for n in 0 1 2 3 4 5; do
    podman exec "$(containers_of "redis-node-$n")" redis-cli ping | grep -q PONG || return 1
  done
}

cluster_ok() {
  podman exec "$(containers_of redis-node-0)" redis-cli cluster info | grep -q cluster_state:ok
}

# Every replica's own health check (the image's HEALTHCHECK command: podman 4.3 runs no
# periodic checks without systemd, so they are run here): SERVING for tablero.v1.GameService.
replicas_healthy() {
  local names n=0 c
  names="$(containers_of tablero)"
  for c in $names; do
    podman exec "$c" /usr/local/bin/tablero-probe --service tablero.v1.GameService --timeout-ms 2000 || return 1
    n=$((n + 1))
  done
  ((n == 3))
}

envoy_serving() {
  "$root/target/release/tablero-probe" "$PUBLISH" --service tablero.v1.GameService --timeout-ms 2000
}
