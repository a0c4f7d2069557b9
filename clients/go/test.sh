#!/usr/bin/env bash
# CI for the Go client: vet, then the tests against the real server binary
# ($TABLERO_BIN, else ../../target/debug/tablero, which must already be built). Runnable from
# any directory.
set -euo pipefail

if [[ -n "${TABLERO_BIN:-}" && "$TABLERO_BIN" != /* ]]; then
  TABLERO_BIN="$PWD/$TABLERO_BIN"   # relative to the caller's directory
  export TABLERO_BIN
fi
cd "$(dirname "${BASH_SOURCE[0]}")"

go mod download
unformatted="$(gofmt -l .)"
if [[ -n "$unformatted" ]]; then
  echo "test.sh: not gofmt-ed:" >&2
  echo "$unformatted" >&2
  exit 1
fi
go vet ./...
go test ./... -count=1
