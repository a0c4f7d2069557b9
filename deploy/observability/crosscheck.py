#!/usr/bin/env python3
"""The checks promtool cannot make (check.sh runs this):

- the dashboard is valid JSON and a well-formed Grafana dashboard: the variables the panels
  use exist, every panel queries the chosen data source, panel ids are unique, panels fit the
  24-column grid without overlapping;
- every metric the dashboard, the alert rules and their tests name is in metrics.txt, so a
  metric renamed in the service cannot silently empty a panel or an alert (the service's own
  test checks that /metrics exposes every name in the list);
- Prometheus's configuration loads the rules, and compose mounts them where it looks.

It also writes the dashboard's queries as recording rules (the variables given sample values)
to the file named by its third argument, for `promtool check rules` to parse the PromQL.

Usage: crosscheck.py <observability dir> <deploy dir> <rules file to write>
"""

import json
import re
import sys
from pathlib import Path

import yaml

RULES = "tablero-alerts.yaml"
TESTS = "tablero-alerts.test.yaml"
DASHBOARD = "tablero-dashboard.json"
# Where compose's Prometheus reads its configuration, and so the rules (rule_files paths are
# relative to the configuration file).
PROMETHEUS_DIR = "/etc/prometheus"
# Series Prometheus makes itself rather than scrapes: not in metrics.txt, which lists what
# the server exposes.
PROMETHEUS_OWN = {"up"}
HISTOGRAM_SUFFIXES = ("_bucket", "_sum", "_count")
# Sample values for the dashboard's variables, so its queries parse as plain PromQL.
VARIABLES = {"__rate_interval": "5m", "job": "tablero", "instance": ".*"}

KEYWORDS = {
    "and", "or", "unless", "by", "without", "on", "ignoring", "group_left", "group_right",
    "bool", "offset", "inf", "nan", "start", "end",
}

errors = []
notes = []


def fail(msg):
    errors.append(msg)


def metric_names(expr):
    """The metric names a PromQL expression selects (no parser at hand: strip what cannot be
    a metric name, then take the identifiers that are not calls or keywords)."""
    s = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`', '""', expr)
    s = re.sub(r"\{[^{}]*\}", " ", s)  # label matchers
    s = re.sub(r"\[[^\[\]]*\]", " ", s)  # ranges and subqueries
    s = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)", " ", s)
    s = re.sub(r"\$\{?\w+\}?", " ", s)
    names = set()
    for m in re.finditer(r"(?<![\w.:])([A-Za-z_:][A-Za-z0-9_:]*)(?![\w:])(\s*\()?", s):
        name, call = m.group(1), m.group(2)
        if call or name.lower() in KEYWORDS:
            continue
        names.add(name)
    return names


def substitute(expr):
    def repl(m):
        name = m.group(1) or m.group(2)
        if name not in VARIABLES:
            fail(f"{DASHBOARD}: unknown variable ${name} in: {expr}")
            return "x"
        return VARIABLES[name]

    return re.sub(r"\$\{(\w+)\}|\$(\w+)", repl, expr)


def check_dashboard(path, out_rules):
    """Returns {where: expr} of every query in the dashboard."""
    try:
        dash = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{DASHBOARD}: not valid JSON: {e}")
        return {}
    for key in ("title", "uid", "panels", "templating", "schemaVersion"):
        if key not in dash:
            fail(f"{DASHBOARD}: no {key}")
    if not isinstance(dash.get("schemaVersion"), int) or dash["schemaVersion"] < 36:
        fail(f"{DASHBOARD}: schemaVersion {dash.get('schemaVersion')!r}: Grafana 9 (36) or later")
    if dash.get("id") is not None:
        fail(f"{DASHBOARD}: an id ({dash['id']}) ties it to one Grafana database; leave it out")

    exprs = {}
    variables = {v.get("name"): v for v in dash.get("templating", {}).get("list", [])}
    ds = variables.get("datasource")
    if not ds or ds.get("type") != "datasource" or ds.get("query") != "prometheus":
        fail(f"{DASHBOARD}: no variable `datasource` of type datasource, query prometheus")
    for name in ("job", "instance"):
        v = variables.get(name)
        if not v or v.get("type") != "query":
            fail(f"{DASHBOARD}: no query variable `{name}`")
            continue
        q = v.get("query")
        q = q.get("query") if isinstance(q, dict) else q
        if q != v.get("definition"):
            fail(f"{DASHBOARD}: variable {name}: query and definition differ")
        m = re.fullmatch(r"label_values\((.*),\s*(\w+)\)", q or "")
        if not m or m.group(2) != name:
            fail(f"{DASHBOARD}: variable {name}: not label_values(<series>, {name}): {q!r}")
        else:
            exprs[f"variable {name}"] = m.group(1)
        if v.get("datasource", {}).get("uid") != "${datasource}":
            fail(f"{DASHBOARD}: variable {name} does not query ${{datasource}}")

    ids = set()
    placed = []
    panels = dash.get("panels", [])
    for p in panels:
        title = p.get("title", "?")
        if p.get("id") in ids:
            fail(f"{DASHBOARD}: panel id {p.get('id')} twice")
        ids.add(p.get("id"))
        g = p.get("gridPos", {})
        try:
            x, y, w, h = g["x"], g["y"], g["w"], g["h"]
        except KeyError:
            fail(f"{DASHBOARD}: panel {title!r}: incomplete gridPos")
            continue
        if x < 0 or w <= 0 or x + w > 24 or h <= 0:
            fail(f"{DASHBOARD}: panel {title!r}: outside the 24-column grid")
        for other, (ox, oy, ow, oh) in placed:
            if x < ox + ow and ox < x + w and y < oy + oh and oy < y + h:
                fail(f"{DASHBOARD}: panels {other!r} and {title!r} overlap")
        placed.append((title, (x, y, w, h)))
        if p.get("type") == "row":
            if p.get("panels"):
                fail(f"{DASHBOARD}: row {title!r} is collapsed over panels; keep rows open")
            continue
        if p.get("datasource", {}).get("uid") != "${datasource}":
            fail(f"{DASHBOARD}: panel {title!r} does not query ${{datasource}}")
        targets = p.get("targets") or []
        if not targets:
            fail(f"{DASHBOARD}: panel {title!r} has no query")
        refs = set()
        for t in targets:
            if t.get("refId") in refs:
                fail(f"{DASHBOARD}: panel {title!r}: refId {t.get('refId')} twice")
            refs.add(t.get("refId"))
            if t.get("datasource", {}).get("uid") != "${datasource}":
                fail(f"{DASHBOARD}: panel {title!r}: a query not on ${{datasource}}")
            if not t.get("expr", "").strip():
                fail(f"{DASHBOARD}: panel {title!r}: an empty query")
                continue
            exprs[f"panel {p.get('id')} {title!r} {t.get('refId')}"] = t["expr"]
    if not any(p.get("type") == "row" for p in panels):
        fail(f"{DASHBOARD}: no rows")

    # The queries as recording rules: promtool parses them (and so finds a typo the
    # name check alone would miss).
    rules = [
        {"record": f"dashboard_query_{i}", "expr": substitute(e)}
        for i, e in enumerate(exprs.values())
    ]
    out_rules.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    return exprs


def check_rules(path):
    exprs = {}
    try:
        doc = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as e:
        fail(f"{RULES}: {e}")
        return exprs
    for group in doc.get("groups", []):
        for rule in group.get("rules", []):
            name = rule.get("alert") or rule.get("record")
            exprs[f"rule {name}"] = rule.get("expr", "")
            if "alert" in rule:
                if rule.get("labels", {}).get("severity") not in ("critical", "warning", "info"):
                    fail(f"{RULES}: {name}: no severity label (critical, warning or info)")
                for a in ("summary", "description"):
                    if not rule.get("annotations", {}).get(a):
                        fail(f"{RULES}: {name}: no {a} annotation")
    return exprs


def check_tests(path, alerts):
    """Names of the test series, and that every alert has a firing and a silent case."""
    exprs = {}
    doc = yaml.safe_load(path.read_text())
    if RULES not in doc.get("rule_files", []):
        fail(f"{TESTS}: does not test {RULES}")
    firing, silent = set(), set()
    for test in doc.get("tests", []):
        for i, s in enumerate(test.get("input_series", [])):
            exprs[f"test {test.get('name')!r} series {i}"] = s["series"].split("{")[0]
        for case in test.get("alert_rule_test", []):
            (firing if case.get("exp_alerts") else silent).add(case.get("alertname"))
    for a in sorted(alerts):
        if a not in firing:
            fail(f"{TESTS}: no case where {a} fires")
        if a not in silent:
            fail(f"{TESTS}: no case where {a} stays silent")
    return exprs


def check_names(listed, exprs):
    used = set()
    for where, expr in exprs.items():
        for name in metric_names(expr):
            base = name
            for suffix in HISTOGRAM_SUFFIXES:
                if name.endswith(suffix) and name[: -len(suffix)] in listed:
                    base = name[: -len(suffix)]
            if base in PROMETHEUS_OWN:
                continue
            used.add(base)
            if base not in listed:
                fail(f"{where}: metric {name} is not in metrics.txt")
    for name in sorted(listed - used):
        notes.append(f"metrics.txt: {name} is on no panel and in no rule")


def check_metrics_list(path):
    listed = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not re.fullmatch(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line):
            fail(f"metrics.txt:{n}: not a metric name: {line!r}")
        elif line.endswith(HISTOGRAM_SUFFIXES):
            fail(f"metrics.txt:{n}: {line}: list a histogram by its base name")
        listed.append(line)
    if len(set(listed)) != len(listed):
        fail("metrics.txt: a name twice")
    return set(listed)


def check_prometheus(deploy):
    """prometheus.yml loads the rules; compose's Prometheus finds them where it looks."""
    config = yaml.safe_load((deploy / "prometheus" / "prometheus.yml").read_text())
    if RULES not in (config.get("rule_files") or []):
        fail(f"prometheus/prometheus.yml: rule_files does not name {RULES}")
    compose = yaml.safe_load((deploy / "compose.yaml").read_text())
    volumes = compose.get("services", {}).get("prometheus", {}).get("volumes", [])
    target = f"{PROMETHEUS_DIR}/{RULES}"
    source = None
    for v in volumes:
        if isinstance(v, str):
            parts = v.split(":")
            src, dst = (parts[0], parts[1]) if len(parts) > 1 else (None, parts[0])
        else:
            src, dst = v.get("source"), v.get("target")
        if dst == target:
            source = src
    if source is None:
        # A note, not a failure, until compose mounts the file (deploy/observability/README.md):
        # Prometheus then starts without the rules.
        notes.append(
            f"compose.yaml: the prometheus service mounts nothing at {target}; until it mounts "
            f"./observability/{RULES} there, compose's Prometheus runs without the alerts"
        )
    elif (deploy / source).resolve() != (deploy / "observability" / RULES).resolve():
        fail(f"compose.yaml: prometheus mounts {source} at {target}, not observability/{RULES}")


def main():
    here, deploy, out_rules = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    listed = check_metrics_list(here / "metrics.txt")
    exprs = {}
    exprs.update(check_dashboard(here / DASHBOARD, out_rules))
    rule_exprs = check_rules(here / RULES)
    exprs.update(rule_exprs)
    alerts = {k.removeprefix("rule ") for k in rule_exprs}
    exprs.update(check_tests(here / TESTS, alerts))
    check_names(listed, exprs)
    check_prometheus(deploy)
    for n in notes:
        print(f"   note: {n}")
    for e in errors:
        print(f"   FAIL: {e}", file=sys.stderr)
    if errors:
        sys.exit(1)
    print(f"   {len(exprs)} queries and series checked against {len(listed)} metric names")


if __name__ == "__main__":
    main()
