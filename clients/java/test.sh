#!/usr/bin/env bash
# CI entry for the Java client: generates the stubs from ../../proto (protoc and the grpc-java
# plugin come from Maven Central as artifacts), compiles, and runs the JUnit tests against the
# real server binary ($TABLERO_BIN, else ../../target/debug/tablero, which must already be built).
# Exits non-zero on any failure; Surefire's "Tests run:" summary lines stay in the output.
set -euo pipefail
cd "$(dirname "$0")"

command -v mvn >/dev/null || { echo "test.sh: mvn not found (apt-get install maven openjdk-17-jdk-headless)" >&2; exit 1; }
bin="${TABLERO_BIN:-../../target/debug/tablero}"
[ -x "$bin" ] || { echo "test.sh: no server binary at $bin (cargo build first, or set TABLERO_BIN)" >&2; exit 1; }

# -B batch, -ntp no download progress, no colour codes; INFO kept so Surefire's summary shows.
exec mvn -B -ntp -Dstyle.color=never verify "$@"
