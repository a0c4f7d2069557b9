#!/usr/bin/env bash
# The Python client's CI entry point: creates .venv if needed, installs the package with its dev
# extra, and runs the tests against the real server ($TABLERO_BIN, else ../../target/debug/tablero).
# Extra arguments go to pytest. Exits non-zero on any failure, including "no tests collected".
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

py=.venv/bin/python
if [[ ! -x $py ]]; then
  "${PYTHON:-python3}" -m venv .venv
fi
"$py" -m pip install --quiet --disable-pip-version-check -e '.[dev]'

status=0
"$py" -m pytest -q "$@" || status=$?
if [[ $status -eq 5 ]]; then
  echo "pytest collected no tests: failing" >&2
fi
exit "$status"
