#!/usr/bin/env bash
# Man pages from the same annotations as --help: picocli writes AsciiDoc, asciidoctor makes roff.
#   man-pages.sh JAVA CLASSPATH OUTDIR VERSION
# CLASSPATH holds overhead's classes, its libraries and picocli-codegen; OUTDIR gets one NAME.1 per
# command. Run by dist.sh, and by ManPagesTest, which reads the result with `man -l`.
set -euo pipefail
java="$1" cp="$2" out="$3" version="$4"
adoc="$(mktemp -d)"
trap 'rm -rf "$adoc"' EXIT
# A wide usage width keeps picocli from wrapping the synopsis inside an option's label (it broke
# `_[METRIC:]PCT_` over two lines, which AsciiDoc then showed as `[METRIC:] _ PCT_`).
"$java" -Dpicocli.usage.width=1000 -cp "$cp" picocli.codegen.docgen.manpage.ManPageGenerator \
  --exit -d "$adoc" dev.overhead.cli.Main >/dev/null
# picocli writes a description's indented example lines right under its first sentence, where
# AsciiDoc runs them into the paragraph; a blank line before them makes them a literal block, shown
# as written. Elsewhere " -- " would become an em dash: escape it. In the synopsis, square brackets
# inside an option's label (`[METRIC:]PCT`, `PROFILE[:KEY=VALUE,...]`) would start AsciiDoc
# attribute lists: they are written as {startsb} and {endsb}, which render as [ and ].
for f in "$adoc"/*.adoc; do
  awk '/^== Description/ { d = 1 } /^\/\/ end::picocli-generated-man-section-description/ { d = 0 }
       d && /^  / && prev != "" && prev !~ /^  / { print "" }
       !/^  / { gsub(/ -- /, " \\-- ") }
       { print; prev = $0 }' "$f" |
    perl -pe 'if (/^== Synopsis/../end::picocli-generated-man-section-synopsis/) {
                s{=_([^_]*\[[^_]*)_}{ my $l = $1; $l =~ s/\[/{startsb}/g; $l =~ s/\]/{endsb}/g; "=_${l}_" }ge }' \
      >"$f.tmp" && mv "$f.tmp" "$f"
done
mkdir -p "$out"
asciidoctor -b manpage -a "mansource=overhead $version" -a manmanual="overhead Manual" -D "$out" "$adoc"/*.adoc
