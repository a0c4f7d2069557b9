#!/usr/bin/env bash
# Regenerates docs/openapi.yaml (OpenAPI 3.1 for the HTTP/JSON Connect API) from ../../proto with
# buf and protoc-gen-connect-openapi, pinned in tools/go.mod and installed into ../.tools/bin when
# missing or of another version. Runnable from any directory; the output depends only on the
# .proto files, base.yaml, the workspace version in Cargo.toml and the pin.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
clients="$(dirname "$here")"
root="$(dirname "$clients")"
tools="$clients/.tools"
proto="$root/proto"

source "$clients/buf.sh"

# The pin lives in tools/go.mod (a `tool` line) rather than in `go install pkg@version`: the
# module proxy refuses this module's version list, and `go install pkg@version` needs that list
# to look for a deprecation notice, so it fails, while installing from a module does not.
plugin="$tools/bin/protoc-gen-connect-openapi"
version="$(sed -n 's|^\s*github.com/sudorandom/protoc-gen-connect-openapi \(v[^ ]*\).*|\1|p' "$here/tools/go.mod")"
if [[ -z "$version" ]]; then
  echo "generate.sh: no protoc-gen-connect-openapi version in tools/go.mod" >&2
  exit 1
fi
if ! [[ -x "$plugin" && "$("$plugin" --version 2>/dev/null)" == "protoc-gen-connect-openapi $version "* ]]; then
  echo "generate.sh: installing protoc-gen-connect-openapi $version into $tools/bin" >&2
  mkdir -p "$tools/bin"
  (cd "$here/tools" && GOBIN="$tools/bin" GOFLAGS=-mod=readonly go install github.com/sudorandom/protoc-gen-connect-openapi)
fi

# The document's version is the workspace's: the first `version =` of [workspace.package].
app_version="$(awk '/^\[/{section=$0} section=="[workspace.package]" && /^version *=/{gsub(/[" ]/,"",$0); sub(/^version=/,""); print; exit}' "$root/Cargo.toml")"
if [[ -z "$app_version" ]]; then
  echo "generate.sh: no [workspace.package] version in Cargo.toml" >&2
  exit 1
fi
mkdir -p "$tools/openapi"
sed "s|@VERSION@|$app_version|" "$here/base.yaml" >"$tools/openapi/base.yaml"

cd "$here"
"$buf" generate "$proto" --template buf.gen.yaml
