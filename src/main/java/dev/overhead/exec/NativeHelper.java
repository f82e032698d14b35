package dev.overhead.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds or builds the forking helper from the C sources that travel in the jar. The binary is cached
 * under a name made of the sources' hash, so a changed source is rebuilt, and it is compiled in a
 * temporary directory and renamed into place, so two processes building at once cannot see a half file.
 */
final class NativeHelper {
    static final String DIR = "/native/";
    /**
     * Every file the helper is built from; the .c files are compiled, the headers included. It must name
     * every file of src/main/c (NativeHelperTest checks; build-helper.sh takes them all by glob).
     */
    static final List<String> SOURCES = List.of(
            "overhead-spawner.c",
            "overhead-spawner.h",
            "overhead-wire.c",
            "overhead-output.c",
            "overhead-child.c",
            "overhead-run.c",
            "overhead-wait.c",
            "overhead-counters.c",
            "overhead-counters.h",
            "overhead-path.c",
            "overhead-path.h",
            "overhead-tree.c",
            "overhead-tree.h",
            "overhead-cgroups.c",
            "overhead-cgroups.h");

    private NativeHelper() {}

    /**
     * The helper binary: the one shipped in the jar where it was built from these sources, else
     * compiled now if this source has not been compiled before.
     */
    static Path binary() throws ExecException {
        return binary(false);
    }

    /**
     * @param linkStatic linked with {@code -static} (glibc's libc.a, libc6-dev), for a virtual machine's
     *                   initramfs; never the shipped one, which is dynamic
     */
    static Path binary(boolean linkStatic) throws ExecException {
        Map<String, byte[]> sources = sources();
        Path bin = cached(sources);
        if (linkStatic) {
            bin = bin.resolveSibling(
                    bin.getFileName().toString().replace("overhead-spawner-", "overhead-spawner-static-"));
        }
        Path dir = bin.getParent();
        if (Files.isExecutable(bin)) {
            return bin;
        }
        Optional<byte[]> shipped = linkStatic ? Optional.empty() : ShippedHelper.matching(sources);
        if (shipped.isPresent()) {
            try {
                Files.createDirectories(dir);
                ShippedHelper.install(shipped.get(), bin);
                return bin;
            } catch (IOException e) {
                throw new ExecException("cannot unpack the forking helper into " + dir + ": " + e.getMessage(), e);
            }
        }
        String cc = compiler()
                .orElseThrow(() ->
                        new ExecException("no C compiler (cc, gcc or clang) on PATH to build the forking helper"));
        try {
            Files.createDirectories(dir);
            Path src = Files.createTempDirectory(dir, "overhead-spawner-");
            Path tmp = src.resolve("overhead-spawner");
            try {
                List<String> command = new ArrayList<>(List.of(cc, "-O2", "-o", tmp.toString()));
                if (linkStatic) {
                    command.add("-static");
                }
                for (var e : sources.entrySet()) {
                    Files.write(src.resolve(e.getKey()), e.getValue());
                    if (e.getKey().endsWith(".c"))
                        command.add(src.resolve(e.getKey()).toString());
                }
                Unmeasured.Result built = Unmeasured.of(command)
                        .stderr(Unmeasured.Output.MERGE)
                        .timeout(java.time.Duration.ofSeconds(120))
                        .run();
                if (!built.succeeded()) {
                    throw new ExecException("the C compiler " + cc + " failed to build the forking helper"
                            + (linkStatic ? " statically (a static C library is in libc6-dev)" : "") + ": "
                            + (built.timedOut()
                                    ? "it did not finish in 120 s"
                                    : built.stdout().strip()));
                }
                Files.move(tmp, bin, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return bin;
            } finally {
                Files.deleteIfExists(tmp);
                for (String name : sources.keySet()) Files.deleteIfExists(src.resolve(name));
                Files.deleteIfExists(src);
            }
        } catch (IOException e) {
            throw new ExecException("cannot build the forking helper in " + dir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while building the forking helper", e);
        }
    }

    /** Where the binary for these sources is (or would be) cached. */
    static Path cached(Map<String, byte[]> sources) {
        return writable(cacheDir()).resolve("overhead-spawner-" + hash(sources));
    }

    /** The cache directory, or a per-user one under the temp dir where the home is read-only. */
    private static Path writable(Path dir) {
        try {
            Files.createDirectories(dir);
            if (Files.isWritable(dir)) return dir;
        } catch (IOException ignored) {
            // fall through to the temp dir
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "overhead-" + System.getProperty("user.name"));
    }

    /** The helper's sources by file name, in the order of {@link #SOURCES}. */
    static Map<String, byte[]> sources() throws ExecException {
        Map<String, byte[]> sources = new LinkedHashMap<>();
        for (String name : SOURCES) {
            try (InputStream in = NativeHelper.class.getResourceAsStream(DIR + name)) {
                if (in == null) {
                    throw new ExecException("the forking helper's source " + DIR + name + " is missing from the jar");
                }
                sources.put(name, in.readAllBytes());
            } catch (IOException e) {
                throw new ExecException("cannot read the forking helper's source " + name + ": " + e.getMessage(), e);
            }
        }
        return sources;
    }

    static Path cacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("overhead");
    }

    /** The first C compiler on PATH, by name. */
    static Optional<String> compiler() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String name : List.of("cc", "gcc", "clang")) {
            Optional<Path> found = Stream.of(path.split(":"))
                    .filter(d -> !d.isEmpty())
                    .map(d -> Path.of(d, name))
                    .filter(Files::isExecutable)
                    .findFirst();
            if (found.isPresent()) {
                return Optional.of(found.get().toString());
            }
        }
        return Optional.empty();
    }

    /** Of every source, name and content, so that a change to any of them makes a new binary. */
    private static String hash(Map<String, byte[]> sources) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (var e : sources.entrySet()) {
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(ByteBuffer.allocate(8).putLong(e.getValue().length).flip());
                md.update(e.getValue());
            }
            byte[] d = md.digest();
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
