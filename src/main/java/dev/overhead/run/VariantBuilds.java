package dev.overhead.run;

import dev.overhead.exec.BuildShell;
import dev.overhead.interop.ElfFile;
import dev.overhead.model.Levels;
import dev.overhead.model.StudySettings;
import dev.overhead.model.Variant;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Compiler-flag variants (plan {@code variants[].build} and {@code cflags}, docs/cli.md): each such
 * variant builds the workload once, before the study, in a fresh directory; {@code {build_dir}} in
 * the workloads' commands is then that directory. The build command and flags ride in the
 * variant's environment ({@value #BUILD}, {@code CFLAGS}) and the directory in {@value #DIR}, so
 * the store keeps all three and a resumed study measures the same binaries.
 */
public final class VariantBuilds {
    private VariantBuilds() {}

    public static final String BUILD = "OVERHEAD_BUILD";
    public static final String DIR = "OVERHEAD_BUILD_DIR";
    public static final String PLACEHOLDER = "{build_dir}";

    /** A build that failed, with the sentence to show. */
    public static final class BuildFailure extends RuntimeException {
        BuildFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Builds every variant that has a build and no directory yet; the others are returned as they are. */
    public static List<Variant> build(List<Variant> variants, java.io.PrintWriter progress) {
        return build(variants, progress, StudySettings.DEFAULTS.withSeed(0));
    }

    /**
     * Builds every variant that has a build and no directory yet, as many times as its study's
     * {@code levels.build} says ({@link Levels}, once without), each build in a fresh directory with {@code {build}}
     * its number and {@code {seed}} its seed (drawn from the study's seed, the variant and the build,
     * so each build of each variant is a fresh sample of layout). All directories are kept: build 1's
     * in {@value #DIR}, all of them in {@link Levels#BUILD_DIRS}.
     */
    public static List<Variant> build(List<Variant> variants, java.io.PrintWriter progress, StudySettings settings) {
        Levels levels = settings.levels();
        long studySeed = settings.seed() == null ? 0 : settings.seed();
        List<Variant> out = new ArrayList<>();
        for (Variant v : variants) {
            String command = v.env().get(BUILD);
            if (command == null || v.env().containsKey(DIR)) {
                out.add(v);
                continue;
            }
            int n = Math.max(1, levels.builds(v));
            List<String> dirs = new ArrayList<>();
            for (int k = 1; k <= n; k++) {
                Path dir;
                try {
                    dir = Files.createTempDirectory(PREFIX + v.name() + (n > 1 ? "-" + k : "") + "-");
                } catch (IOException e) {
                    throw new BuildFailure(
                            "no build directory could be made for variant " + v.name() + " (" + e.getMessage() + ").",
                            e);
                }
                long seed = n > 1 ? seed(studySeed, v.name(), k) : 1;
                String cflags = v.env().getOrDefault("CFLAGS", "");
                String line = command.replace("{cflags}", cflags)
                        .replace(PLACEHOLDER, dir.toString())
                        .replace("{build}", Integer.toString(k))
                        .replace("{seed}", Long.toString(seed));
                progress.println("overhead: building variant " + v.name()
                        + (n > 1 ? " (build " + k + " of " + n + ")" : "") + ": " + line);
                progress.flush();
                run(v, line, dir, seed, levels.shuffleLinks());
                dirs.add(dir.toString());
            }
            Map<String, String> env = new LinkedHashMap<>(v.env());
            env.put(DIR, dirs.getFirst());
            if (n > 1 || levels.builds(v) > 0) {
                env.put(Levels.BUILD_DIRS, String.join(":", dirs));
            }
            out.add(new Variant(v.name(), env, v.prefix(), v.setup(), v.cleanup()));
        }
        return out;
    }

    /** What every build directory's name starts with, in the temporary directory. */
    static final String PREFIX = "overhead-build-";

    /**
     * Removes the directories {@link #build} made for these variants, once their study is done (a
     * study that failed or was interrupted keeps them: {@code overhead resume} measures the same
     * binaries). Only directories this class made are touched: named {@value #PREFIX}… in the
     * temporary directory. Returns those removed; one that cannot be removed is left, with no error:
     * the study's results do not depend on it.
     */
    public static List<Path> remove(List<Variant> variants) {
        Path tmp =
                Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
        java.util.Set<Path> dirs = new java.util.LinkedHashSet<>();
        for (Variant v : variants) {
            if (!v.env().containsKey(BUILD)) {
                continue;
            }
            Stream.of(v.env().getOrDefault(DIR, ""), v.env().getOrDefault(Levels.BUILD_DIRS, ""))
                    .flatMap(d -> Stream.of(d.split(":")))
                    .filter(d -> !d.isBlank())
                    .map(d -> Path.of(d).toAbsolutePath().normalize())
                    .filter(d -> tmp.equals(d.getParent())
                            && d.getFileName().toString().startsWith(PREFIX))
                    .forEach(dirs::add);
        }
        List<Path> removed = new ArrayList<>();
        for (Path dir : dirs) {
            if (deleteTree(dir)) {
                removed.add(dir);
            }
        }
        return removed;
    }

    private static boolean deleteTree(Path dir) {
        if (!Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
            return true;
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    /** A build's seed: from the study's, the variant's name and the build's number; positive, stable. */
    static long seed(long studySeed, String variant, int build) {
        long h = studySeed * 1_000_003L + variant.hashCode() * 31L + build;
        return Math.floorMod(h ^ (h >>> 29), 2_147_483_647L) + 1;
    }

    private static void run(Variant v, String line, Path dir, long seed, boolean shuffleLinks) {
        Path log = dir.resolve("build.log");
        Map<String, String> env = new java.util.HashMap<>(v.env());
        env.put("OVERHEAD_SEED", Long.toString(seed));
        if (shuffleLinks) {
            env.put("OVERHEAD_REAL_CC", env.getOrDefault("CC", System.getenv().getOrDefault("CC", "cc")));
            env.put("CC", LinkOrder.install(dir).toString());
        }
        BuildShell.Ended e = new BuildShell().run(line, null, env, log);
        if (!e.ok()) {
            boolean ran = e.message().startsWith("exited"); // else it could not start, or was interrupted
            throw new BuildFailure(
                    "the build of variant " + v.name() + " " + e.message()
                            + (ran ? "; its whole output is in " + log + "." : "."),
                    null);
        }
    }

    /**
     * The words with {@code {build_dir}} replaced by the directory of this build of the variant
     * (build 1 where {@code build} is null or the variant was built once).
     */
    public static List<String> resolve(List<String> words, Variant variant, Integer build) {
        List<String> dirs = Levels.buildDirs(variant);
        if (build == null || dirs.isEmpty()) {
            return resolve(words, variant);
        }
        String dir = dirs.get(Math.min(build, dirs.size()) - 1);
        return words.stream().map(w -> w.replace(PLACEHOLDER, dir)).toList();
    }

    /** The words with {@code {build_dir}} replaced by the variant's build directory, where it has one. */
    public static List<String> resolve(List<String> words, Variant variant) {
        String dir = variant.env().get(DIR);
        if (dir == null) {
            return words;
        }
        return words.stream().map(w -> w.replace(PLACEHOLDER, dir)).toList();
    }

    /**
     * One sentence per binary whose size changed between the baseline's build and each other
     * variant's: text as {@code size} counts it, and the file (seed 002 put ".text
     * +2.9%" beside its runtime cost). Binaries are the ELF files found in both build directories.
     */
    public static List<String> sizeNotes(List<Variant> variants, String baseline) {
        List<Variant> built =
                variants.stream().filter(v -> v.env().containsKey(DIR)).toList();
        if (built.size() < 2) {
            return List.of();
        }
        Variant base = built.stream()
                .filter(v -> v.name().equals(baseline))
                .findFirst()
                .orElse(built.getFirst());
        Map<String, ElfFile> baseFiles = elfFiles(Path.of(base.env().get(DIR)));
        List<String> notes = new ArrayList<>();
        for (Variant v : built) {
            if (v == base) {
                continue;
            }
            Map<String, ElfFile> files = elfFiles(Path.of(v.env().get(DIR)));
            baseFiles.forEach((name, old) -> Optional.ofNullable(files.get(name))
                    .ifPresent(now -> {
                        long a = old.berkeley().text();
                        long b = now.berkeley().text();
                        notes.add(String.format(
                                Locale.ROOT,
                                "size of %s in %s against %s: text %d -> %d bytes (%+.2f%%, as size(1) counts it), file %d -> %d bytes"
                                        + " (%+.2f%%)",
                                name,
                                v.name(),
                                base.name(),
                                a,
                                b,
                                a == 0 ? 0.0 : (b - a) * 100.0 / a,
                                old.fileSize(),
                                now.fileSize(),
                                old.fileSize() == 0
                                        ? 0.0
                                        : (now.fileSize() - old.fileSize()) * 100.0 / old.fileSize()));
                    }));
        }
        return notes;
    }

    /** The ELF files under {@code dir} (a few levels deep) by relative path; object files left out. */
    private static Map<String, ElfFile> elfFiles(Path dir) {
        Map<String, ElfFile> out = new java.util.TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.walk(dir, 3)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                if (p.toString().endsWith(".o") || !elfMagic(p)) {
                    continue;
                }
                try {
                    out.put(dir.relativize(p).toString(), ElfFile.read(p));
                } catch (RuntimeException e) {
                    // a damaged or odd ELF file: left out of the sizes, the study goes on
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    private static boolean elfMagic(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            byte[] b = in.readNBytes(4);
            return b.length == 4 && b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F';
        } catch (IOException e) {
            return false;
        }
    }
}
