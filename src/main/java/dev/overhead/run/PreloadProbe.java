package dev.overhead.run;

import dev.overhead.exec.Unmeasured;
import dev.overhead.model.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A variant must be what it claims (docs/reliability.md, case 2): before a study starts, each variant that preloads
 * objects runs one probe with its own environment, {@code cat /proc/self/maps}, and every object in
 * its {@code LD_PRELOAD} must be mapped there. A mistyped path makes the loader print "cannot be
 * preloaded" and go on without it, so without this check the study would measure glibc against
 * glibc and exit 0.
 */
public final class PreloadProbe {
    private PreloadProbe() {}

    private static final String LOADER_SAYS = "cannot be preloaded";
    private static final List<String> LIBRARY_FOLDERS = List.of(
            "/usr/local/lib",
            "/lib/x86_64-linux-gnu",
            "/usr/lib/x86_64-linux-gnu",
            "/lib/aarch64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu",
            "/lib64",
            "/usr/lib64",
            "/lib",
            "/usr/lib");

    /** Empty where every preloaded object of {@code variant} is really loaded; else the sentence why not. */
    public static Optional<String> check(Variant variant) {
        String preload = variant.env().get("LD_PRELOAD");
        if (preload == null || preload.isBlank()) {
            return Optional.empty();
        }
        String maps;
        String stderr;
        try {
            Unmeasured.Result r = Unmeasured.of("cat", "/proc/self/maps")
                    .env(variant.env())
                    .timeout(java.time.Duration.ofSeconds(10))
                    .run();
            maps = r.stdout();
            stderr = r.stderr();
        } catch (Unmeasured.NotStarted e) {
            return Optional.empty(); // no cat to probe with: the loader message check below cannot run either
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        for (String line : stderr.split("\n")) {
            if (line.contains(LOADER_SAYS)) {
                return Optional.of(sentence(
                        variant, line.replaceFirst("^ERROR: ld\\.so: ", "").strip()));
            }
        }
        Set<Path> mapped = mappedFiles(maps);
        for (String object : preload.split("[: ]+")) {
            if (object.isBlank() || object.contains("$")) {
                continue; // $LIB and $PLATFORM are the loader's to expand
            }
            Optional<Path> file = locate(object);
            if (file.isPresent() && !mapped.contains(file.get())) {
                return Optional.of(sentence(variant, object + " is not among the objects mapped into the command"));
            }
        }
        return Optional.empty();
    }

    private static String sentence(Variant variant, String why) {
        String text = why.endsWith(".") ? why.substring(0, why.length() - 1) : why;
        return "variant " + variant.name() + " is not what it claims: its LD_PRELOAD is not loaded (" + text
                + "); fix the path ('overhead presets' shows the allocators found here), so that it does not"
                + " measure the plain command under another name.";
    }

    private static Set<Path> mappedFiles(String maps) {
        Set<Path> out = new HashSet<>();
        for (String line : maps.split("\n")) {
            int slash = line.indexOf(" /");
            if (slash >= 0) {
                out.add(Path.of(line.substring(slash + 1).strip()));
            }
        }
        return out;
    }

    /** The file the loader would map: a path as it is, a bare name from the library folders; real path. */
    private static Optional<Path> locate(String object) {
        List<Path> candidates = new ArrayList<>();
        if (object.contains("/")) {
            candidates.add(Path.of(object));
        } else {
            LIBRARY_FOLDERS.forEach(d -> candidates.add(Path.of(d, object)));
        }
        for (Path c : candidates) {
            try {
                if (Files.isRegularFile(c)) {
                    return Optional.of(c.toRealPath());
                }
            } catch (IOException e) {
                // unreadable: try the next
            }
        }
        return Optional.empty(); // not found: the loader's own message says so
    }

    /** Every variant's sentence, for refusing the study before its first run. */
    public static List<String> problems(List<Variant> variants) {
        List<String> out = new ArrayList<>();
        for (Variant v : variants) {
            check(v).ifPresent(out::add);
        }
        return out;
    }
}
