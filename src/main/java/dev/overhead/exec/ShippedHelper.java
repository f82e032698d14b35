package dev.overhead.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The forking helper the Maven build compiled into the jar (src/dist/build-helper.sh), for machines
 * without a C compiler. It is used only while the sha256 of every source it was built from, listed
 * beside it, matches the sources in the same jar; a stale or missing one leaves the choice to
 * compiling on first use.
 */
public final class ShippedHelper {
    private ShippedHelper() {}

    /** Where the build puts it, by the architecture's name as {@code uname -m} says it. */
    static String resourceDir() {
        String arch = System.getProperty("os.arch", "");
        if (arch.equals("amd64")) arch = "x86_64";
        return NativeHelper.DIR + "linux-" + arch + "/";
    }

    /** The shipped binary's bytes, when it was built from exactly these sources. */
    static Optional<byte[]> matching(Map<String, byte[]> sources) {
        String dir = resourceDir();
        byte[] list = resource(dir + "overhead-spawner.sources");
        if (list == null) return Optional.empty();
        Map<String, String> built = new HashMap<>();
        for (String line : new String(list, StandardCharsets.UTF_8).split("\n")) {
            // sha256sum's format: the hex digest, two spaces (or space and '*'), the file name
            String[] parts = line.strip().split("\\s+\\*?", 2);
            if (parts.length == 2) built.put(parts[1], parts[0]);
        }
        for (var e : sources.entrySet()) {
            if (!sha256(e.getValue()).equals(built.get(e.getKey()))) return Optional.empty();
        }
        return Optional.ofNullable(resource(dir + "overhead-spawner"));
    }

    /** Writes the shipped binary to {@code bin}, through a temporary file renamed into place. */
    static void install(byte[] binary, Path bin) throws IOException {
        Path tmp = Files.createTempFile(bin.getParent(), "overhead-spawner-", ".tmp");
        try {
            Files.write(tmp, binary);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.move(tmp, bin, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** {@link #status()} when the shipped helper matches its sources. */
    public static final String SHIPPED = "forking helper shipped in the jar (exact peak memory)";

    /** Whether the helper in this jar was built from the sources in this jar (hashes them all). */
    public static boolean shippedMatches() {
        try {
            return matching(NativeHelper.sources()).isPresent();
        } catch (ExecException e) {
            return false;
        }
    }

    /**
     * One line for {@code --version}: where the helper comes from, and so whether peak memory is
     * the command's own. Builds nothing.
     */
    public static String status() {
        try {
            Map<String, byte[]> sources = NativeHelper.sources();
            if (matching(sources).isPresent()) {
                return SHIPPED;
            }
            Path cached = NativeHelper.cached(sources);
            if (Files.isExecutable(cached)) {
                return "forking helper compiled at " + cached + " (exact peak memory)";
            }
            Optional<String> cc = NativeHelper.compiler();
            if (cc.isPresent()) {
                return "forking helper not built yet; compiled with " + cc.get() + " on first use (exact peak memory)";
            }
            return "no forking helper (none shipped, no C compiler): fallback executor, peak memory"
                    + " includes the JVM's";
        } catch (ExecException e) {
            return "no forking helper (" + e.getMessage() + "): fallback executor, peak memory includes the JVM's";
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = ShippedHelper.class.getResourceAsStream(name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
