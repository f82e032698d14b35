#!/usr/bin/env bash
# Builds the self-contained tarball and the Debian package from the packaged jar (README, Install):
#   target/dist/overhead-VERSION/            the layout, also what the .deb puts under /usr/lib/overhead
#     bin/overhead                           the launcher (src/dist/overhead)
#     runtime/                               a jlinked Java runtime with only the modules jdeps finds
#     app/overhead.jar, app/lib/*.jar        the application; the jar carries the forking helper
#     share/man/man1/*.1                     a man page per command (picocli -> AsciiDoc -> asciidoctor)
#     share/{bash-completion,zsh,fish}/...   completion scripts from `overhead completion`
#   target/overhead-VERSION-linux-ARCH.tar.gz
#   target/overhead_VERSION_ARCH.deb         where dpkg-deb exists
# Usage: dist.sh BASEDIR BUILD_DIR VERSION TOOLS_DIR required|optional
# "optional" (the run inside ./mvnw verify) skips with a note where a tool is missing, and the tests
# that need the tarball or the package say they skipped; "required" (-Pdist) fails instead.
set -euo pipefail
basedir="$1" build="$2" version="$3" tools="$4" mode="$5"
start=$SECONDS
# Inside verify the archives only feed the tests: fast compression (a fifth of the CPU time, 4% larger).
level=9
[ "$mode" = optional ] && level=1

# Nothing from an earlier build may stand in for this one in the tests.
rm -rf "$build/dist" "$build"/overhead-*-linux-*.tar.gz "$build"/overhead_*.deb

skip() {
  if [ "$mode" = optional ]; then
    echo "[overhead dist] skipped: $1" >&2
    mkdir -p "$build/dist" && echo "$1" >"$build/dist/SKIPPED"
    exit 0
  fi
  echo "[overhead dist] cannot build the distribution: $1" >&2
  exit 1
}

# A JDK 25 with jlink: JAVA_HOME when it is one, else the first such under /usr/lib/jvm.
jdk=""
for d in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
  [ -n "$d" ] && [ -x "$d/bin/jlink" ] && [ -f "$d/release" ] || continue
  if grep -qE '^JAVA_VERSION="(2[5-9]|[3-9][0-9])' "$d/release"; then jdk="$d"; break; fi
done
[ -n "$jdk" ] || skip "no JDK 25 or newer with jlink (looked at JAVA_HOME and /usr/lib/jvm/*)"

jar="$build/overhead.jar"
[ -f "$jar" ] || skip "$jar is missing (run the package phase first)"
arch="$(uname -m)"
if ! "$jdk/bin/jar" tf "$jar" | grep -qx "native/linux-$arch/overhead-spawner"; then
  skip "the jar carries no prebuilt forking helper for $arch (no C compiler at build time); the package would lose exact memory figures"
fi

name="overhead-$version"
stage="$build/dist/$name"
mkdir -p "$stage/bin" "$stage/app/lib"
cp "$jar" "$stage/app/"
cp "$build"/lib/*.jar "$stage/app/lib/"
install -m 755 "$basedir/src/dist/overhead" "$stage/bin/overhead"

# Only the modules the application and its libraries use; jdeps reads them from the bytecode.
modules="$("$jdk/bin/jdeps" --multi-release 25 --ignore-missing-deps --print-module-deps \
  --class-path "$stage/app/lib/*" "$jar" 2>/dev/null | tail -n 1)"
[ -n "$modules" ] || skip "jdeps found no modules"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress=zip-6 --generate-cds-archive --output "$stage/runtime"
echo "[overhead dist] runtime: $modules ($(du -sh "$stage/runtime" | cut -f1)) after $((SECONDS - start)) s" >&2

# The AOT cache of the bundled runtime (src/dist/aot-train.sh), which the launcher uses when present.
bash "$basedir/src/dist/aot-train.sh" "$stage/runtime/bin/java" "$stage/app/overhead.jar" "$stage/app/overhead.aot" \
  --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -XX:TieredStopAtLevel=1
rm -f "$stage/app/overhead.aot.java" # the runtime is bundled: the cache always belongs to it

# Completion from the staged launcher itself, so a broken layout fails here, not on a user's machine.
comp="$stage/share"
mkdir -p "$comp/bash-completion/completions" "$comp/zsh/vendor-completions" "$comp/fish/vendor_completions.d"
"$stage/bin/overhead" completion bash >"$comp/bash-completion/completions/overhead"
"$stage/bin/overhead" completion zsh >"$comp/zsh/vendor-completions/_overhead"
"$stage/bin/overhead" completion fish >"$comp/fish/vendor_completions.d/overhead.fish"

# Man pages: picocli writes AsciiDoc from the same annotations as --help; asciidoctor makes roff.
man_note=""
codegen="$(ls "$tools"/picocli-codegen-*.jar 2>/dev/null | head -n 1 || true)"
if [ -z "$codegen" ]; then
  man_note="picocli-codegen was not copied to $tools"
elif ! command -v asciidoctor >/dev/null 2>&1; then
  man_note="asciidoctor is not installed (apt-get install asciidoctor)"
else
  bash "$basedir/src/dist/man-pages.sh" "$jdk/bin/java" "$codegen:$jar:$stage/app/lib/*" "$stage/share/man/man1" \
    "$version"
fi
if [ -n "$man_note" ]; then
  echo "[overhead dist] NOTE: no man pages in this build: $man_note" >&2
  echo "$man_note" >"$stage/share/NO-MAN-PAGES"
fi

tar -C "$build/dist" -cf - "$name" | gzip "-$level" >"$build/$name-linux-$arch.tar.gz"
echo "[overhead dist] $build/$name-linux-$arch.tar.gz after $((SECONDS - start)) s" >&2

# The Debian package installs the same layout under /usr/lib/overhead.
if ! command -v dpkg-deb >/dev/null 2>&1; then
  [ "$mode" = optional ] || { echo "[overhead dist] dpkg-deb is missing: no .deb" >&2; exit 1; }
  echo "[overhead dist] dpkg-deb is missing: no .deb" >&2
  exit 0
fi
deb_arch="$(dpkg --print-architecture)"
deb_version="${version//-/\~}" # 0.1.0-SNAPSHOT sorts before 0.1.0 as 0.1.0~SNAPSHOT
root="$build/dist/deb"
mkdir -p "$root/DEBIAN" "$root/usr/lib/overhead" "$root/usr/bin" "$root/usr/share/doc/overhead"
cp -al "$stage/bin" "$stage/runtime" "$stage/app" "$root/usr/lib/overhead/"
ln -s ../lib/overhead/bin/overhead "$root/usr/bin/overhead"
cp -a "$stage/share/bash-completion" "$stage/share/zsh" "$stage/share/fish" "$root/usr/share/"
if [ -d "$stage/share/man" ]; then
  cp -a "$stage/share/man" "$root/usr/share/"
  gzip -9n "$root"/usr/share/man/man1/*.1
fi
cp "$basedir/README.md" "$root/usr/share/doc/overhead/"
cat >"$root/DEBIAN/control" <<CONTROL
Package: overhead
Version: $deb_version
Architecture: $deb_arch
Maintainer: overhead developers <overhead@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: libc6
Section: devel
Priority: optional
Description: measures what a change costs in performance
 overhead runs commands as variants, in rounds, and says whether a
 change in time, memory or other metrics is real. This package carries
 its own Java runtime and a prebuilt forking helper: no JDK or C
 compiler is needed.
CONTROL
dpkg-deb --root-owner-group -Zgzip "-z$level" --build "$root" "$build/overhead_${deb_version}_$deb_arch.deb" >/dev/null
echo "[overhead dist] $build/overhead_${deb_version}_$deb_arch.deb after $((SECONDS - start)) s" >&2
