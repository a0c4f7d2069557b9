#!/usr/bin/env bash
# The release version of every Tablero package has one source: the root Cargo.toml's
# [workspace.package] version. Every crate takes it with `version.workspace = true`; the other
# ecosystems' manifests must carry it as a literal (an sdist, an npm tarball and a Maven pom are
# read outside this repository, so they cannot look it up), and this script keeps them in step.
#
#   version.sh                 print the version
#   version.sh --check         fail, naming each file, when any package says another version
#   version.sh --set X.Y.Z     write X.Y.Z everywhere (then --check passes); a release's first step
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

# [workspace.package] version = "…" in the root Cargo.toml.
workspace_version() {
  awk '/^\[/{in_pkg = ($0 == "[workspace.package]")}
       in_pkg && /^version *=/ {gsub(/.*= *"|".*/, ""); print; exit}' Cargo.toml
}

version="$(workspace_version)"
[[ -n "$version" ]] || { echo "version.sh: no [workspace.package] version in Cargo.toml" >&2; exit 1; }

# Each line: file, then the version found in it (empty when not found). Only what a package
# publishes: the npm manifest and its lock, the Python project, the Maven project, the crates'
# own versions and the versions on their path dependencies, the install lines of the READMEs.
found() {
  local f
  printf '%s\t%s\n' clients/typescript/package.json \
    "$(sed -n 's/^  "version": "\(.*\)",$/\1/p' clients/typescript/package.json | head -1)"
  # The lock repeats the package's own version at the top and under packages[""].
  printf '%s\t%s\n' clients/typescript/package-lock.json \
    "$(sed -n '1,12s/^ *"version": "\(.*\)",$/\1/p' clients/typescript/package-lock.json | sort -u | paste -sd' ')"
  printf '%s\t%s\n' clients/python/pyproject.toml \
    "$(sed -n 's/^version = "\(.*\)"$/\1/p' clients/python/pyproject.toml | head -1)"
  # The project's own <version> follows its <artifactId> (before any <parent> or dependency).
  printf '%s\t%s\n' clients/java/pom.xml \
    "$(sed -n '/<artifactId>tablero-client<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p;q}' clients/java/pom.xml)"
  for f in $(git ls-files '*Cargo.toml' ':!:fuzz/*'); do
    # A crate that does not take the workspace's version.
    if grep -q '^version *= *"' "$f" && [[ $f != Cargo.toml ]]; then
      printf '%s\t%s\n' "$f" "$(sed -n 's/^version *= *"\(.*\)"$/\1/p' "$f" | head -1)"
    fi
    # Path dependencies that carry a version (what crates.io would be asked for).
    { grep -o 'tablero-[a-z0-9-]* *= *{ *version *= *"[^"]*", *path' "$f" || true; } \
      | sed 's/.*version *= *"\([^"]*\)".*/\1/' | sort -u | while read -r v; do
        printf '%s\t%s\n' "$f (path dependencies)" "$v"
      done
  done
  # Install lines a reader copies.
  printf '%s\t%s\n' clients/java/README.md \
    "$({ sed -n 's/^  <version>\(.*\)<\/version>$/\1/p' clients/java/README.md
         grep -o 'dev.tablero:tablero-client:[^"]*' clients/java/README.md | sed 's/.*://'; } | sort -u | paste -sd' ')"
  printf '%s\t%s\n' clients/rust/README.md \
    "$(sed -n 's/^tablero-client = "\(.*\)"$/\1/p' clients/rust/README.md 2>/dev/null | sort -u | paste -sd' ')"
  printf '%s\t%s\n' clients/go/README.md \
    "$(grep -o 'clients/go@v[0-9][^ ]*' clients/go/README.md | sed 's/.*@v//' | sort -u | paste -sd' ')"
}

case "${1:-}" in
  "")
    echo "$version"
    ;;
  --check)
    bad=0
    while IFS=$'\t' read -r file v; do
      if [[ "$v" != "$version" ]]; then
        echo "version.sh: $file says '${v:-nothing}', Cargo.toml's [workspace.package] says $version" >&2
        bad=1
      fi
    done < <(found)
    [[ $bad == 0 ]] && echo "every package is at $version"
    exit "$bad"
    ;;
  --set)
    new="${2:?version.sh --set X.Y.Z}"
    [[ "$new" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || { echo "version.sh: not a version: $new" >&2; exit 1; }
    old="$version"
    v='[0-9][0-9A-Za-z.+-]*'   # any version, so files that drifted are set too
    # Only the lines --check reads, so nothing else that happens to name a version moves.
    sed -i "/^\[workspace.package\]/,/^\[/s/^version = \"$v\"/version = \"$new\"/" Cargo.toml
    for f in $(git ls-files '*Cargo.toml' ':!:fuzz/*'); do
      sed -i "s/\(tablero-[a-z0-9-]* *= *{ *version *= *\"\)$v\"/\1$new\"/" "$f"
    done
    sed -i "0,/^  \"version\": \"$v\",/s//  \"version\": \"$new\",/" clients/typescript/package.json
    sed -i "1,12s/^\( *\"version\": \)\"$v\",/\1\"$new\",/" clients/typescript/package-lock.json
    sed -i "s/^version = \"$v\"$/version = \"$new\"/" clients/python/pyproject.toml
    sed -i "/<artifactId>tablero-client<\/artifactId>/{n;s/<version>$v<\/version>/<version>$new<\/version>/}" clients/java/pom.xml
    sed -i "s/^  <version>$v<\/version>$/  <version>$new<\/version>/; s/dev.tablero:tablero-client:$v/dev.tablero:tablero-client:$new/" clients/java/README.md
    sed -i "s/^tablero-client = \"$v\"$/tablero-client = \"$new\"/" clients/rust/README.md
    sed -i "s/clients\/go@v$v/clients\/go@v$new/g" clients/go/README.md
    echo "$old -> $new (the crates' own versions follow the workspace's; Cargo.lock updates on the next build)"
    exec "$0" --check
    ;;
  *)
    echo "usage: version.sh [--check | --set X.Y.Z]" >&2
    exit 2
    ;;
esac
