#!/usr/bin/env bash
# Checks the dashboard, the alert rules and Prometheus's configuration (README.md beside this
# file); deploy/check runs it. Reads files and starts nothing. Needs promtool (Debian's
# `prometheus` package) and Python 3 with PyYAML; installs them with apt-get when missing and
# run as root, as tests/run does for redis-server.
set -euo pipefail
cd "$(dirname "$0")"
started=$SECONDS

missing=()
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
python3 -c 'import yaml' >/dev/null 2>&1 || missing+=(python3-yaml)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "deploy/observability/check.sh: missing ${missing[*]} (promtool comes with Debian's prometheus package; e.g. sudo apt-get install -y ${missing[*]})" >&2
    exit 1
  fi
fi
# python3-yaml serves Debian's python3; another python3 first on PATH may still lack it.
if ! python3 -c 'import yaml' >/dev/null 2>&1; then
  echo "deploy/observability/check.sh: $(command -v python3) has no yaml module (e.g. python3 -m pip install pyyaml)" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== observability: $(promtool --version 2>&1 | head -1)"

echo "   promtool check rules"
promtool check rules tablero-alerts.yaml

echo "   promtool test rules"
promtool test rules tablero-alerts.test.yaml

# The tests must be able to fail: the same rules with every `for:` dropped fire too early for
# the cases that expect silence while an alert is pending.
sed '/^ *for: /d' tablero-alerts.yaml >"$work/tablero-alerts.yaml"
cp tablero-alerts.test.yaml "$work/"
if promtool test rules "$work/tablero-alerts.test.yaml" >/dev/null 2>&1; then
  echo "promtool test rules passed rules without their 'for:': the tests check nothing" >&2
  exit 1
fi

# The configuration as compose's Prometheus sees it: the rules beside prometheus.yml in
# /etc/prometheus (rule_files paths are relative to the configuration file).
mkdir "$work/etc-prometheus"
cp ../prometheus/prometheus.yml tablero-alerts.yaml "$work/etc-prometheus/"
echo "   promtool check config (prometheus.yml with the rules beside it)"
promtool check config "$work/etc-prometheus/prometheus.yml"

echo "   the dashboard, the metric names, the wiring"
python3 crosscheck.py . .. "$work/dashboard-rules.yaml"
echo "   promtool check rules (the dashboard's queries)"
promtool check rules "$work/dashboard-rules.yaml" >/dev/null

# The name check must be able to fail: a dashboard with one metric renamed.
mkdir "$work/renamed"
cp metrics.txt tablero-alerts.yaml tablero-alerts.test.yaml "$work/renamed/"
sed 's/tablero_hot_bytes/tablero_hot_cache_bytes/' tablero-dashboard.json >"$work/renamed/tablero-dashboard.json"
if python3 crosscheck.py "$work/renamed" .. "$work/renamed-rules.yaml" >/dev/null 2>&1; then
  echo "crosscheck.py accepted a metric missing from metrics.txt" >&2
  exit 1
fi

echo "   observability: passed in $((SECONDS - started)) s"
