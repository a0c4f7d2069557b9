#!/usr/bin/env bash
# Regenerates the Go code in tablerov1/ from ../../proto with buf and three LOCAL plugins pinned
# below (installed into ../.tools/bin when missing or of another version). Runnable from any
# directory; the output depends only on the .proto files and these pins.
set -euo pipefail

PROTOC_GEN_GO_VERSION=v1.36.12      # google.golang.org/protobuf
PROTOC_GEN_GO_GRPC_VERSION=v1.6.2   # google.golang.org/grpc/cmd/protoc-gen-go-grpc
PROTOC_GEN_CONNECT_GO_VERSION=v1.21.1  # connectrpc.com/connect/cmd/protoc-gen-connect-go

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
clients="$(dirname "$here")"
tools="$clients/.tools/bin"
proto="$(dirname "$clients")/proto"

source "$clients/buf.sh"

# install <binary> <expected --version output> <package@version>
install() {
  local bin="$tools/$1" want="$2" pkg="$3"
  if [[ -x "$bin" && "$("$bin" --version 2>/dev/null)" == "$want" ]]; then
    return
  fi
  echo "generate.sh: installing $pkg into $tools" >&2
  mkdir -p "$tools"
  (cd "$here" && GOBIN="$tools" go install "$pkg")
}
install protoc-gen-go "protoc-gen-go $PROTOC_GEN_GO_VERSION" \
  "google.golang.org/protobuf/cmd/protoc-gen-go@$PROTOC_GEN_GO_VERSION"
install protoc-gen-go-grpc "protoc-gen-go-grpc ${PROTOC_GEN_GO_GRPC_VERSION#v}" \
  "google.golang.org/grpc/cmd/protoc-gen-go-grpc@$PROTOC_GEN_GO_GRPC_VERSION"
install protoc-gen-connect-go "${PROTOC_GEN_CONNECT_GO_VERSION#v}" \
  "connectrpc.com/connect/cmd/protoc-gen-connect-go@$PROTOC_GEN_CONNECT_GO_VERSION"

cd "$here"
rm -f tablerov1/*.pb.go tablerov1/tablerov1connect/*.connect.go
"$buf" generate "$proto" --template buf.gen.yaml
