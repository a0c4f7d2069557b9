#!/usr/bin/env bash
# Every client as its users get it: builds each package the way its ecosystem ships one, installs
# it into a scratch project in a temporary directory (never from this checkout's sources), and
# runs the "Create a game and play a move" example of the package's README, as printed there,
# against a real server ($TABLERO_BIN, else target/debug/tablero, which must already be built).
#
#   npm      npm pack (tsc to dist/)          -> npm install the .tgz, node example.mjs (+ tsc of example.ts)
#   python   python -m build (wheel + sdist)  -> pip install the wheel into a fresh venv, python example.py
#   java     mvn install (jar + sources jar)  -> a scratch Maven project depending on it, java Example
#   go       a file-system module proxy       -> go get …/clients/go@vX.Y.Z with GOPROXY=file://…, go run .
#   rust     cargo package (proto + client)   -> a scratch crate depending on tablero-client = "X.Y.Z"
#
# Arguments choose some of them (`test.sh go rust`); none runs all five. The version is
# clients/packages/version.sh's, checked first. Caches kept between runs (so a second run is
# fast) are the usual ones (npm's, pip's, Go's build cache) plus target/packages/: the build
# venv, the Maven repository, the Go module cache and the unpacked crates.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

"$here/version.sh" --check
version="$("$here/version.sh")"

bin="${TABLERO_BIN:-$root/target/debug/tablero}"
[[ $bin == /* ]] || bin="$PWD/$bin"
[[ -x $bin ]] || { echo "test.sh: no server binary at $bin (cargo build -p tablero-service --bin tablero)" >&2; exit 1; }

all=(npm python java go rust)
selected=("${@:-${all[@]}}")
for s in "${selected[@]}"; do
  [[ " ${all[*]} " == *" $s "* ]] || { echo "test.sh: unknown package '$s' (one of: ${all[*]})" >&2; exit 2; }
done

cache="$root/target/packages"
mkdir -p "$cache"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tablero-packages.XXXXXX")"
server_pid=""
cleanup() {
  if [[ -n $server_pid ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  # Go's module cache is read-only unless made with -modcacherw; scratch holds none, but be sure.
  chmod -R u+w "$scratch" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# --- the server: a free loopback port, read from its first line ("tablero listening on …") ---
env -u TABLERO_API_KEYS_FILE -u TABLERO_API_KEYS "$bin" --listen 127.0.0.1:0 >"$scratch/server.log" 2>&1 &
server_pid=$!
addr=""
for _ in $(seq 100); do
  addr="$(sed -n 's/.*listening on \([0-9.]*:[0-9]*\).*/\1/p' "$scratch/server.log" | head -1)"
  [[ -n $addr ]] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
[[ -n $addr ]] || { echo "test.sh: the server did not start:" >&2; cat "$scratch/server.log" >&2; exit 1; }
host="${addr%:*}"
port="${addr##*:}"
echo "== server $bin on $addr"

# The first fenced block of language $2 under the README's "## Create a game and play a move"
# heading, with the README's default address replaced by the test server's.
readme_example() {
  awk -v lang="$2" '
    /^## Create a game and play a move/ { under = 1; next }
    under && /^## / { exit }
    under && !inside && $0 == "```" lang { inside = 1; next }
    inside && /^```/ { exit }
    inside { print }
  ' "$1" | sed "s/127\.0\.0\.1:50051/$addr/g; s/\"127\.0\.0\.1\", 50051/\"$host\", $port/g"
}

# Runs an example and shows its output; an example that prints nothing or fails fails the run.
run_example() {
  local out
  if ! out="$("$@" 2>&1)"; then
    echo "$out" >&2
    return 1
  fi
  [[ -n $out ]] || { echo "test.sh: the example printed nothing" >&2; return 1; }
  echo "$out" | sed 's/^/   example: /'
}

# cargo waits for other builds in this tree (and another build's own lock) when flock exists.
cargo_locked() {
  if command -v flock >/dev/null; then flock /tmp/cargo.lock cargo "$@"; else cargo "$@"; fi
}

# Copies the files of $1 into $2, touching only those whose content differs (and removing those
# gone), so that builds keyed on mtimes rebuild exactly what changed.
sync_tree() {
  local src="$1" dst="$2" f
  mkdir -p "$dst"
  (cd "$src" && find . -type f) | while read -r f; do
    if ! cmp -s "$src/$f" "$dst/$f"; then
      mkdir -p "$(dirname "$dst/$f")"
      cp "$src/$f" "$dst/$f"
    fi
  done
  (cd "$dst" && find . -type f) | while read -r f; do
    [[ -e "$src/$f" ]] || rm -f "$dst/$f"
  done
}

test_npm() {
  local ts="$root/clients/typescript" dir="$scratch/npm"
  mkdir -p "$dir/project"
  (cd "$ts" && { [[ -d node_modules ]] || npm ci --no-audit --no-fund --loglevel=error; } \
    && npm pack --silent --pack-destination "$dir" >/dev/null)
  local tgz="$dir/tablero-client-$version.tgz"
  [[ -f $tgz ]] || { echo "test.sh: npm pack made no $tgz" >&2; return 1; }
  # The tarball must hold the compiled entry points, not only sources.
  local listing
  listing="$(tar -tzf "$tgz")"
  grep -qx 'package/dist/index.js' <<<"$listing" && grep -qx 'package/dist/index.d.ts' <<<"$listing" \
    || { echo "test.sh: $tgz lacks dist/index.js or dist/index.d.ts" >&2; return 1; }
  echo "   made $(basename "$tgz") ($(du -k "$tgz" | cut -f1) KB)"
  cd "$dir/project"
  printf '{ "name": "readme-example", "private": true, "type": "module" }\n' >package.json
  npm install --no-audit --no-fund --loglevel=error --prefer-offline "$tgz" >/dev/null
  readme_example "$ts/README.md" ts >example.ts
  # The example is plain JavaScript too: plain Node runs it with no TypeScript loader.
  cp example.ts example.mjs
  run_example node example.mjs
  # And it type-checks against the package's own .d.ts (the compiler is the client's devDependency).
  "$ts/node_modules/.bin/tsc" --noEmit --strict --target es2022 --module nodenext \
    --moduleResolution nodenext --skipLibCheck --types node --typeRoots "$ts/node_modules/@types" example.ts
  echo "   example.ts type-checks against dist/*.d.ts"
  # CommonJS callers load the ES module with import().
  node -e 'import("@tablero/client").then((m) => { if (typeof m.Tablero !== "function") process.exit(1); })'
  cd "$root"
}

test_python() {
  local py="$root/clients/python" dir="$scratch/python" venv="$cache/python-build"
  if [[ ! -x $venv/bin/python ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
  fi
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check build
  "$venv/bin/python" -m build --outdir "$dir/dist" "$py" >"$dir.build.log" 2>&1 \
    || { cat "$dir.build.log" >&2; return 1; }
  local whl="$dir/dist/tablero_client-$version-py3-none-any.whl" sdist="$dir/dist/tablero_client-$version.tar.gz"
  [[ -f $whl && -f $sdist ]] || { echo "test.sh: python -m build made no $whl / $sdist" >&2; ls "$dir/dist" >&2; return 1; }
  echo "   made $(basename "$whl") ($(du -k "$whl" | cut -f1) KB), $(basename "$sdist") ($(du -k "$sdist" | cut -f1) KB)"
  "${PYTHON:-python3}" -m venv "$dir/venv"
  "$dir/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$whl"
  readme_example "$py/README.md" python >"$dir/example.py"
  # Run from the scratch directory, so that only the installed wheel can be imported.
  (cd "$dir" && run_example "$dir/venv/bin/python" example.py)
}

test_java() {
  local java="$root/clients/java" dir="$scratch/java" m2="$cache/m2"
  command -v mvn >/dev/null || { echo "test.sh: mvn not found (apt-get install maven openjdk-17-jdk-headless)" >&2; return 1; }
  # A local repository of its own, so the consumer below finds the jar this run installed and
  # nothing a developer installed by hand; seeded once from ~/.m2 to spare the downloads.
  if [[ ! -d $m2 && -d $HOME/.m2/repository ]]; then
    cp -r "$HOME/.m2/repository" "$m2"
  fi
  rm -rf "$m2/dev/tablero/tablero-client"
  # Output only on failure (quiet Maven still prints colour resets).
  mvn_logged() {
    mvn -B -ntp -q -Dstyle.color=never "-Dmaven.repo.local=$m2" "$@" >"$dir.mvn.log" 2>&1 \
      || { cat "$dir.mvn.log" >&2; return 1; }
  }
  # The tests need a server and run in clients/java/test.sh; here only the package is made.
  (cd "$java" && mvn_logged -Dmaven.test.skip=true install)
  local jar="$m2/dev/tablero/tablero-client/$version/tablero-client-$version.jar"
  [[ -f $jar && -f ${jar%.jar}-sources.jar ]] || { echo "test.sh: mvn install left no $jar (and sources jar)" >&2; return 1; }
  echo "   made $(basename "$jar") ($(du -k "$jar" | cut -f1) KB), $(basename "${jar%.jar}")-sources.jar ($(du -k "${jar%.jar}-sources.jar" | cut -f1) KB)"
  mkdir -p "$dir/src/main/java"
  cat >"$dir/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>readme-example</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>dev.tablero</groupId>
      <artifactId>tablero-client</artifactId>
      <version>$version</version>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-resources-plugin</artifactId>
        <version>3.3.1</version>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-dependency-plugin</artifactId>
        <version>3.8.1</version>
      </plugin>
    </plugins>
  </build>
</project>
EOF
  readme_example "$java/README.md" java >"$dir/src/main/java/Example.java"
  (cd "$dir" && mvn_logged compile dependency:build-classpath -Dmdep.outputFile=classpath.txt -Dmdep.includeScope=runtime)
  (cd "$dir" && run_example java -cp "target/classes:$(cat classpath.txt)" Example)
}

test_go() {
  local gomod="$root/clients/go" dir="$scratch/go" proxy="$scratch/go/proxy"
  local path
  path="$(cd "$gomod" && go list -m)"
  mkdir -p "$dir/project"
  # The version's time, as its tag's commit gives it to a proxy.
  (cd "$here/goproxy" && go run . -module "$gomod" -version "v$version" \
    -time "$(git -C "$root" log -1 --format=%cI HEAD)" -out "$proxy")
  echo "   made $proxy/$path/@v/{list,v$version.info,v$version.mod,v$version.zip} ($(du -k "$proxy/$path/@v/v$version.zip" | cut -f1) KB zip)"
  # A module cache of its own, kept between runs so dependencies are unpacked (and compiled)
  # once; this module's own entries are dropped first, so `go get` must fetch it from the proxy.
  local modcache="$cache/go-modcache"
  chmod -R u+w "$modcache/$path@v$version" "$modcache/cache/download/$path" 2>/dev/null || true
  rm -rf "$modcache/$path@v$version" "$modcache/cache/download/$path"
  cd "$dir/project"
  go mod init example.com/readme-example >/dev/null 2>&1
  readme_example "$gomod/README.md" go >main.go
  # Our proxy first; then the dependencies from the machine's module cache (no network), then
  # the configured proxy for anything missing and for the checksum database. Our module is in
  # no checksum database: GONOSUMDB.
  local -a goenv=(
    "GOMODCACHE=$modcache"
    "GOFLAGS=-mod=mod -modcacherw"
    "GOPROXY=file://$proxy,file://$(go env GOMODCACHE)/cache/download,$(go env GOPROXY)"
    "GONOSUMDB=$path"
  )
  env "${goenv[@]}" go get "$path@v$version"
  local got
  got="$(env "${goenv[@]}" go list -m -f '{{.Version}} {{.Dir}}' "$path")"
  [[ $got == "v$version $modcache/"* ]] || { echo "test.sh: resolved $path as '$got'" >&2; return 1; }
  echo "   go get $path@v$version: resolved through GOPROXY=file://…"
  env "${goenv[@]}" go build -o readme-example .
  run_example ./readme-example
  cd "$root"
}

test_rust() {
  local dir="$scratch/rust" src="$cache/crates" crate
  # Offline first: the workspace's build has already fetched every dependency's index entry.
  # tablero-rules too: tablero-proto names it (optional, for the mapping), so it must resolve.
  local pkg=(package -p tablero-rules -p tablero-proto -p tablero-client --no-verify --allow-dirty --quiet)
  cargo_locked "${pkg[@]}" --offline 2>/dev/null || cargo_locked "${pkg[@]}"
  for crate in tablero-proto tablero-client; do
    local file="$root/target/package/$crate-$version.crate"
    [[ -f $file ]] || { echo "test.sh: cargo package made no $file" >&2; return 1; }
    rm -rf "$dir/unpack" && mkdir -p "$dir/unpack"
    tar -xzf "$file" -C "$dir/unpack"
    # A stable place, so the crates compile once until their contents change.
    sync_tree "$dir/unpack/$crate-$version" "$src/$crate-$version"
  done
  echo "   made tablero-proto-$version.crate ($(du -k "$root/target/package/tablero-proto-$version.crate" | cut -f1) KB), tablero-client-$version.crate ($(du -k "$root/target/package/tablero-client-$version.crate" | cut -f1) KB)"
  mkdir -p "$dir/project/src"
  cd "$dir/project"
  # The README's dependency lines; [patch] stands in for crates.io with the packaged sources.
  # The workspace's profile, so that dependencies built as the workspace builds them are reused.
  cat >Cargo.toml <<EOF
[package]
name = "tablero-readme-example"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
$(sed -n '/^```toml$/,/^```$/{/^tablero-client = /p;/^tokio = /p}' "$root/clients/rust/README.md" | head -2)

[patch.crates-io]
tablero-client = { path = "$src/tablero-client-$version" }
tablero-proto = { path = "$src/tablero-proto-$version" }

[profile.dev]
debug = "line-tables-only"
[profile.dev.package."*"]
debug = false

[workspace]
EOF
  grep -q "^tablero-client = \"$version\"" Cargo.toml || { echo "test.sh: clients/rust/README.md names no tablero-client = \"$version\"" >&2; return 1; }
  readme_example "$root/clients/rust/README.md" rust >src/main.rs
  # The workspace's lock, so the same dependency versions are chosen (and found offline).
  cp "$root/Cargo.lock" .
  local target="${CARGO_TARGET_DIR:-$root/target}"
  CARGO_TARGET_DIR="$target" cargo_locked build --quiet --offline
  run_example "$target/debug/tablero-readme-example"
  cd "$root"
}

failed=()
for s in "${selected[@]}"; do
  echo "== $s"
  start=$SECONDS
  # A subshell with -e of its own: inside an `if`, bash would ignore -e in the function.
  set +e
  (set -e; "test_$s")
  rc=$?
  set -e
  if [[ $rc == 0 ]]; then
    echo "   $s: ok ($((SECONDS - start)) s)"
  else
    echo "   $s: FAILED ($((SECONDS - start)) s)" >&2
    failed+=("$s")
  fi
done

echo "packages: $((${#selected[@]} - ${#failed[@]})) passed, ${#failed[@]} failed"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
