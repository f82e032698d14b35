package dev.overhead.store;

import java.nio.file.Path;
import java.util.Map;

/** Where the store lives when {@code --store} is not given (docs/cli.md, "The store"). */
public final class StorePaths {
    private StorePaths() {}

    public static Path defaultStore() {
        return defaultStore(System.getenv(), System.getProperty("user.home"));
    }

    /**
     * {@code $XDG_DATA_HOME/overhead/overhead.db}, falling back to
     * {@code ~/.local/share/overhead/overhead.db}; a relative XDG_DATA_HOME is ignored, as the XDG
     * Base Directory specification asks.
     */
    static Path defaultStore(Map<String, String> env, String home) {
        String xdg = env.get("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                ? Path.of(xdg)
                : Path.of(home, ".local", "share");
        return base.resolve("overhead").resolve("overhead.db");
    }
}
