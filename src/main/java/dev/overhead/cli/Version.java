package dev.overhead.cli;

import dev.overhead.exec.ShippedHelper;
import dev.overhead.model.ToolVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version}: overhead's version and commit, the Java runtime it runs on, and where the forking
 * helper comes from (which decides whether peak memory is the command's own), as a bug report needs.
 */
public final class Version implements IVersionProvider {
    /**
     * While picocli builds the command tree it asks for the version once per subcommand that inherits
     * the root's attributes (to copy it) and never prints those copies: the provider is asked again when
     * {@code --version} is given. Hashing the helper for them was a sixth of {@code compare}'s start-up.
     */
    private static final ThreadLocal<Boolean> BUILDING = ThreadLocal.withInitial(() -> false);

    /** Builds a command tree without computing the version lines picocli copies and never shows. */
    static <T> T whileBuilding(java.util.function.Supplier<T> build) {
        BUILDING.set(true);
        try {
            return build.get();
        } finally {
            BUILDING.set(false);
        }
    }

    public static String current() {
        return ToolVersion.current();
    }

    /** The commit the jar was built from, or "unknown" (a build outside a git checkout). */
    static String commit() {
        try (InputStream in = Version.class.getResourceAsStream("/dev/overhead/version.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            String commit = p.getProperty("commit", "");
            // an unresolved Maven property stays literally "${git.commit.id.abbrev}"
            return commit.isBlank() || commit.startsWith("${") ? "unknown" : commit;
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        if (BUILDING.get()) {
            return new String[0];
        }
        return new String[] {
            "overhead " + current() + " (commit " + commit() + ")",
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ", "
                    + System.getProperty("java.home") + ")",
            shippedAsPackaged() ? ShippedHelper.SHIPPED : ShippedHelper.status()
        };
    }

    /**
     * Whether the package step found the jar's helper built from the jar's own sources, as it wrote beside
     * the jar ({@code JAR.helper}: the jar's size and time, then "shipped"), for this very jar. Hashing the
     * sources at every --version was two thirds of its Java time; any other answer, or another jar, or
     * classes outside a jar, and {@link ShippedHelper#status()} looks for itself.
     */
    static boolean shippedAsPackaged() {
        try {
            // the class path of `java -jar JAR`, not the classes' code source: classes from the AOT cache
            // name the jar the cache was made with
            Path jar = Path.of(System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)[0]);
            if (!jar.toString().endsWith(".jar") || !Files.isRegularFile(jar)) return false;
            String recorded = Files.readString(jar.resolveSibling(jar.getFileName() + ".helper"))
                    .strip();
            return recorded.equals(packagedLine(jar, true));
        } catch (IOException | RuntimeException e) {
            return false; // no record: ask the jar itself
        }
    }

    private static String packagedLine(Path jar, boolean shipped) throws IOException {
        // whole seconds: a tarball or a .deb keeps no finer time
        return Files.size(jar) + " " + Files.getLastModifiedTime(jar).to(java.util.concurrent.TimeUnit.SECONDS) + " "
                + (shipped ? "shipped" : "not shipped");
    }

    /** At package time (src/dist/aot-train.sh): {@code Version JAR} writes {@code JAR.helper}. */
    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Files.writeString(
                jar.resolveSibling(jar.getFileName() + ".helper"),
                packagedLine(jar, ShippedHelper.shippedMatches()) + "\n");
    }
}
