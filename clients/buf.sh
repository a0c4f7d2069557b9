# Sourced by the generate and check scripts: sets `buf` to $BUF, else the buf the TypeScript
# client pins in its node_modules, else buf on PATH; exits when there is none. Needs `clients`
# (this folder's path) set by the caller.
buf="${BUF:-}"
if [[ -z "$buf" ]]; then
  if [[ -x "$clients/typescript/node_modules/.bin/buf" ]]; then
    buf="$clients/typescript/node_modules/.bin/buf"
  elif command -v buf >/dev/null 2>&1; then
    buf="$(command -v buf)"
  else
    echo "$(basename "$0"): no buf (run npm ci in clients/typescript, or set BUF)" >&2
    exit 1
  fi
fi
