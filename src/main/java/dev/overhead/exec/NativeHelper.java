package dev.overhead.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Finds or builds the forking helper from the C source that travels in the jar. The binary is cached
 * under a name made of the source's hash, so a changed source is rebuilt, and it is compiled under a
 * temporary name and renamed into place, so two processes building at once cannot see a half file.
 */
final class NativeHelper {
    static final String RESOURCE = "/native/overhead-spawner.c";

    private NativeHelper() {}

    /** The helper binary, compiled now if this source has not been compiled before. */
    static Path binary() throws ExecException {
        byte[] source = source();
        Path dir = writable(cacheDir());
        Path bin = dir.resolve("overhead-spawner-" + hash(source));
        if (Files.isExecutable(bin)) {
            return bin;
        }
        String cc = compiler().orElseThrow(() -> new ExecException(
                "no C compiler (cc, gcc or clang) on PATH to build the forking helper"));
        try {
            Files.createDirectories(dir);
            Path src = Files.createTempFile(dir, "overhead-spawner-", ".c");
            Path tmp = Path.of(src.toString().replaceFirst("\\.c$", ".tmp"));
            try {
                Files.write(src, source);
                Process p = new ProcessBuilder(cc, "-O2", "-o", tmp.toString(), src.toString())
                        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
                byte[] log = p.getInputStream().readAllBytes();
                if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    throw new ExecException("the C compiler " + cc + " failed to build the forking helper: "
                            + new String(log, StandardCharsets.UTF_8).strip());
                }
                Files.move(tmp, bin, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return bin;
            } finally {
                Files.deleteIfExists(src);
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new ExecException("cannot build the forking helper in " + dir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while building the forking helper", e);
        }
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

    static byte[] source() throws ExecException {
        try (InputStream in = NativeHelper.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new ExecException("the forking helper's source " + RESOURCE + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ExecException("cannot read the forking helper's source: " + e.getMessage(), e);
        }
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
            Optional<Path> found = Stream.of(path.split(":")).filter(d -> !d.isEmpty())
                    .map(d -> Path.of(d, name)).filter(Files::isExecutable).findFirst();
            if (found.isPresent()) {
                return Optional.of(found.get().toString());
            }
        }
        return Optional.empty();
    }

    private static String hash(byte[] source) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(source);
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
