package dev.overhead.model;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** overhead's own version, as Maven wrote it into the jar. */
public final class ToolVersion {
    private ToolVersion() {}

    public static String current() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("/dev/overhead/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
