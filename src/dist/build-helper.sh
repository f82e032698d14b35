#!/bin/sh
# Compiles the forking helper into the jar's resources (README, Install), so that a machine without a C
# compiler still gets exact memory figures. Beside the binary goes the sha256 of every source it was
# built from: NativeHelper uses the binary only while those match the sources in the same jar, and
# compiles on first use otherwise (or here, where no compiler exists, the build goes on without it).
# Usage: build-helper.sh SOURCE_DIR OUTPUT_DIR
set -eu
src="$1"
out="$2"

cc=""
for c in ${CC:-} cc gcc clang; do
  if command -v "$c" >/dev/null 2>&1; then cc="$c"; break; fi
done
if [ -z "$cc" ]; then
  echo "[overhead] no C compiler (cc, gcc or clang) on PATH: the jar goes without a prebuilt forking helper;" \
    "it is compiled on first use where a compiler exists, else peak memory is not exact." >&2
  exit 0
fi

dir="$out/linux-$(uname -m)"
mkdir -p "$dir"
tmp="$dir/overhead-spawner.tmp.$$"
trap 'rm -f "$tmp"' EXIT
# The same command NativeHelper runs on first use, so both binaries behave alike.
"$cc" -O2 -o "$tmp" "$src"/*.c
mv -f "$tmp" "$dir/overhead-spawner"
(cd "$src" && sha256sum -- *.c *.h) >"$dir/overhead-spawner.sources"
