#!/usr/bin/env bash
# Makes the JVM's ahead-of-time cache for overhead (JDK 25: JEP 483 class loading and linking,
# JEP 514 one-step creation, JEP 515 method profiles) by a training run (cli.AotTraining): the short
# commands people run most — --version, compare of a small sample file, run --fake-exec, report —
# in one JVM; and one cache for each of --version and compare, trained on that command alone.
# The launchers pass -XX:AOTCache (the command's own cache, else the whole one) when the cache is there,
# newer than the jar and made by the same java; without it they start as before.
# Usage: aot-train.sh JAVA JAR OUTPUT [JVM-OPTION...]  (the options the launcher starts java with)
# Never fails the build: a JVM that cannot make the cache leaves none, with a note.
set -u
java="$1" jar="$2" out="$3"
shift 3
# Maven may run on an older JDK (the toolchain compiles on 25): then take a JDK 25 as the launcher
# would, JAVA_HOME first, then /usr/lib/jvm/*.
major() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$(dirname "$(dirname "$(readlink -f "$1")")")/release" 2>/dev/null; }
if [ "$(major "$java")" -lt 25 ] 2>/dev/null || [ -z "$(major "$java")" ]; then
  for d in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    if [ -n "$d" ] && [ -x "$d/bin/java" ] && [ "$(major "$d/bin/java")" -ge 25 ] 2>/dev/null; then
      java="$d/bin/java"
      break
    fi
  done
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
rm -f "$out" "$out.java"
# picocli's classes are Java 5 class files, which the cache cannot link: rewritten once to version 52
# (src/dist/LinkableClasses.java) where this java can run a source file; a bundled runtime (the dist)
# gets the jars already rewritten.
# The libraries are the jar's manifest's (target/lib may keep older versions beside them).
lib="$(dirname "$jar")/lib"
classpath="$(unzip -p "$jar" META-INF/MANIFEST.MF 2>/dev/null | tr -d '\r\n ')"
picocli="$(printf '%s' "$classpath" | grep -o 'lib/picocli-[0-9.]*\.jar' | head -n 1)"
if [ -n "$picocli" ]; then
  picocli="$(dirname "$jar")/$picocli"
else # no unzip: the newest picocli there
  picocli="$(ls -t "$lib"/picocli-*.jar 2>/dev/null | head -n 1)"
fi
if [ -n "$picocli" ] && [ -x "$(dirname "$java")/javac" ]; then
  "$java" "$(dirname "$0")/LinkableClasses.java" "$picocli" \
    || echo "[overhead aot] $picocli left as it is: the cache will not hold picocli's classes" >&2
fi
# sqlite-jdbc copies its native library out of its jar on every start, after comparing the two byte by
# byte (a third of `report`'s start-up): here it is copied once, beside the libraries, and the launcher
# names it (-Dorg.sqlite.lib.path); sqlite-jdbc goes back to its own copy where that one cannot load.
sqlite="$(printf '%s' "$classpath" | grep -o 'lib/sqlite-jdbc-[0-9.]*\.jar' | head -n 1)"
native="$lib/sqlite-native"
rm -rf "$native"
case "$(uname -s)/$(uname -m)" in
  Linux/x86_64 | Linux/amd64) platform=Linux/x86_64 ;;
  Linux/aarch64 | Linux/arm64) platform=Linux/aarch64 ;;
  *) platform="" ;;
esac
# For the bundled runtime too (dist.sh: app/lib/sqlite-native, named by src/dist/overhead): without it the
# installed `report` copied and compared the library at every start, 8.1× `java -version` against 6.3×.
if [ -n "$sqlite" ] && [ -n "$platform" ] && ! ldd --version 2>&1 | grep -qi musl; then
  mkdir -p "$native"
  unzip -q -o -j "$(dirname "$jar")/$sqlite" "org/sqlite/native/$platform/libsqlitejdbc.so" -d "$native" 2>/dev/null \
    || rm -rf "$native"
fi
sqlite_opts=()
[ -f "$native/libsqlitejdbc.so" ] && sqlite_opts=(-Dorg.sqlite.lib.path="$native" -Dorg.sqlite.lib.name=libsqlitejdbc.so)
# The training's store is made first, outside the training: creating a store runs Flyway's migrations,
# which a command meets once per store; in the training they put 354 Flyway classes in the cache,
# which every start then loads.
"$java" "$@" "${sqlite_opts[@]}" -cp "$jar" dev.overhead.cli.Main run --fake-exec --store "$tmp/train.db" \
  --label seed --runs 2 "sleep 1" "sleep 2" >/dev/null 2>&1 || true
# --version's line about the forking helper: whether the jar's helper was built from its sources, which it
# would otherwise find out by hashing them at every start (cli.Version reads JAR.helper).
"$java" "$@" -cp "$jar" dev.overhead.cli.Version "$jar" 2>/dev/null || rm -f "$jar.helper"
# -cp, not -jar: the training's own main class; the class path is the same, so -jar may use the cache.
# Every start loads all the classes of its cache (about 20 µs of CPU each: 3,600 classes were a third of
# `compare`), so the commands whose start-up counts most get caches trained on them alone, beside the
# whole one; the launchers pick one by the first argument (docs/performance.md, "Start-up").
base="${out%.aot}"
rm -f "$base"-*.aot
# No method profiles in the caches (JEP 515): the launchers run C1 alone (-XX:TieredStopAtLevel=1), which
# reads none, and a start from a cache with them replays the training's compilations: C1 compiled 753
# methods for a `report` instead of 570, a sixth of its CPU (docs/performance.md, "Start-up"). JDK 25 has
# only a diagnostic switch for that, asked for where this java has it; a JVM without it records profiles.
profiles=()
case " $* " in
  *" -XX:TieredStopAtLevel=1 "*)
    if "$java" -XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining -version >/dev/null 2>&1; then
      profiles=(-XX:+UnlockDiagnosticVMOptions -XX:-AOTRecordTraining)
    fi
    ;;
esac
for family in all version compare; do
  file="$out"
  [ "$family" = all ] || file="$base-$family.aot"
  if "$java" "$@" "${sqlite_opts[@]}" "${profiles[@]}" -XX:AOTCacheOutput="$tmp/$family.aot" -cp "$jar" \
    dev.overhead.cli.AotTraining "$tmp" "$family" >/dev/null 2>"$tmp/err" && [ -s "$tmp/$family.aot" ]; then
    mv "$tmp/$family.aot" "$file"
  else
    echo "[overhead aot] no AOT cache for $family ($java could not make one): overhead starts without it" >&2
    tail -n 3 "$tmp/err" >&2
    [ "$family" = all ] && break # the same JVM will not make the others either
  fi
done
# The record names the JVM build the caches belong to and carries the jar's own time: JDK 25 takes a cache
# whatever became of the jar it was made from (a jar copied in with an older time ran the cache's classes
# beside its own resources), so the launcher uses the caches only for a jar of exactly this time.
if [ -f "$out" ]; then
  readlink -f "$java" >"$out.java"
  touch -r "$jar" "$out.java"
fi
exit 0
