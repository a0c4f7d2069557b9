"""Generated gRPC/protobuf code for tablero.v1 (see generate.sh)."""
