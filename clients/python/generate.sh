#!/usr/bin/env bash
# Regenerates src/tablero/v1/*_pb2.py, *_pb2.pyi and *_pb2_grpc.py from ../../proto with the
# grpcio-tools version pinned in pyproject.toml (dev extra). Deterministic: CI runs it and diffs.
# Run from anywhere. PYTHON picks the interpreter used to create .venv (default python3).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
export LC_ALL=C

py=.venv/bin/python
if [[ ! -x $py ]]; then
  "${PYTHON:-python3}" -m venv .venv
fi
# (Re)install the dev extra when grpcio-tools is missing or not the pinned version.
if ! "$py" - <<'PY' 2>/dev/null
import importlib.metadata as md, re, sys, tomllib
pins = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["dev"]
want = next(re.sub(r"^grpcio-tools==", "", p) for p in pins if p.startswith("grpcio-tools=="))
sys.exit(0 if md.version("grpcio-tools") == want else 1)
PY
then
  "$py" -m pip install --quiet --disable-pip-version-check -e '.[dev]'
fi

out=src/tablero/v1
rm -f "$out"/*_pb2.py "$out"/*_pb2.pyi "$out"/*_pb2_grpc.py
protos=()
while IFS= read -r f; do protos+=("$f"); done < <(cd ../../proto && find tablero -name '*.proto' | sort)
(( ${#protos[@]} )) || { echo "no .proto files under ../../proto" >&2; exit 1; }
"$py" -m grpc_tools.protoc -I ../../proto \
  --python_out=src --pyi_out=src --grpc_python_out=src \
  "${protos[@]}"
echo "generated ${#protos[@]} proto file(s) into clients/python/$out"
