package dev.overhead.cli;

import dev.overhead.exec.ShippedHelper;
import dev.overhead.model.ToolVersion;
import java.io.IOException;
import java.io.InputStream;
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
            ShippedHelper.status()
        };
    }
}
