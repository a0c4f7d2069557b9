#!/usr/bin/env bash
# Checks the committed docs/openapi.yaml: valid OpenAPI (openapi-spec-validator, pinned in
# requirements.txt, in a venv under ../.tools/openapi), and in step with proto/ and Cargo.toml:
# every unary RPC of every service is a POST path with its own request and response messages
# (and a GET too for the reads, NO_SIDE_EFFECTS),
# every server stream a path without operations that the description names, no path for an RPC
# that is gone, and the workspace's version. Whether the file is exactly what generate.sh makes
# is `clients/generate --check`'s job; this one needs no Go and no plugin. Runnable from any
# directory.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
clients="$(dirname "$here")"
root="$(dirname "$clients")"
spec="$root/docs/openapi.yaml"
venv="$clients/.tools/openapi/venv"

source "$clients/buf.sh"

# The venv is (re)made when requirements.txt changes. Every package is pinned there, so
# --no-deps keeps anything unpinned out and pip check proves the set complete.
stamp="$venv/requirements.sha256"
want="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [[ ! -x "$venv/bin/python" || "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
  echo "check.sh: installing the validator into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$here/requirements.txt"
  "$venv/bin/pip" check --disable-pip-version-check >/dev/null
  echo "$want" >"$stamp"
fi

descriptors="$(mktemp --suffix=.json)"
trap 'rm -f "$descriptors"' EXIT
"$buf" build "$root/proto" -o "$descriptors"

"$venv/bin/python" - "$spec" "$descriptors" "$root/Cargo.toml" <<'EOF'
import json, sys, tomllib
from openapi_spec_validator import validate
from ruamel.yaml import YAML

spec_path, descriptors_path, cargo_path = sys.argv[1:]
# Read as YAML 1.2, as OpenAPI 3.1 says and the plugin writes: a YAML 1.1 reader (PyYAML, which
# the validator's own command line uses) takes the unquoted field name `no` for false.
with open(spec_path) as f:
    spec = YAML(typ="safe", pure=True).load(f)
try:
    validate(spec)  # the first violation of OpenAPI 3.1, if any
except Exception as e:
    sys.exit(f"docs/openapi.yaml is not valid OpenAPI:\n{e}")
with open(descriptors_path) as f:
    files = json.load(f)["file"]
with open(cargo_path, "rb") as f:
    version = tomllib.load(f)["workspace"]["package"]["version"]

problems = []
paths = spec.get("paths", {})
operations = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
expected = set()

def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}

for file in files:
    if not file["name"].startswith("tablero/"):
        continue
    package = file["package"]
    for service in file.get("service", []):
        for method in service.get("method", []):
            path = f"/{package}.{service['name']}/{method['name']}"
            # Descriptors name types fully qualified: ".tablero.v1.GetViewRequest".
            request, response = method["inputType"][1:], method["outputType"][1:]
            expected.add(path)
            item = paths.get(path)
            if item is None:
                problems.append(f"{path}: missing")
                continue
            streaming = method.get("serverStreaming") or method.get("clientStreaming")
            if streaming:
                # Not plain HTTP/JSON (docs/api.md): no operation may claim it is.
                if operations & item.keys():
                    problems.append(f"{path}: a stream, yet it has operations")
                if method["name"] not in spec["info"]["description"]:
                    problems.append(f"{path}: a stream the description does not name")
                continue
            post = item.get("post")
            # A read (NO_SIDE_EFFECTS) is also a Connect GET, its request in the query's message.
            read = method.get("options", {}).get("idempotencyLevel") == "NO_SIDE_EFFECTS"
            if post is None or operations & item.keys() != ({"post", "get"} if read else {"post"}):
                problems.append(f"{path}: not exactly one POST operation" + (" and one GET" if read else ""))
                continue
            if read:
                query = {p["name"]: p for p in item["get"].get("parameters", []) if p.get("in") == "query"}
                message = query.get("message", {}).get("content", {})
                if message != {"application/json": {"schema": ref(request)}} or not query.get("encoding", {}).get("required"):
                    problems.append(f"{path}: GET does not take a {request} as its message and an encoding")
                ok = item["get"].get("responses", {}).get("200", {}).get("content", {})
                if ok != {"application/json": {"schema": ref(response)}}:
                    problems.append(f"{path}: GET's 200 is not application/json {response}")
            body = post.get("requestBody", {}).get("content", {})
            if body != {"application/json": {"schema": ref(request)}}:
                problems.append(f"{path}: request is not application/json {request}")
            ok = post.get("responses", {}).get("200", {}).get("content", {})
            if ok != {"application/json": {"schema": ref(response)}}:
                problems.append(f"{path}: 200 is not application/json {response}")

for path in sorted(paths.keys() - expected):
    problems.append(f"{path}: no such RPC in proto/")
if spec["info"].get("version") != version:
    problems.append(f"info.version is {spec['info'].get('version')!r}, Cargo.toml says {version!r}")

if problems:
    print("docs/openapi.yaml is out of step (run clients/openapi/generate.sh):", file=sys.stderr)
    for p in problems:
        print("  " + p, file=sys.stderr)
    sys.exit(1)
print(f"docs/openapi.yaml: {len(expected)} RPCs of proto/ covered, version {version}")
EOF
