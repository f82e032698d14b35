package dev.overhead.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into the jar. */
public final class Version implements IVersionProvider {

    public static String current() {
        try (InputStream in = Version.class.getResourceAsStream("/dev/overhead/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"overhead " + current() + " (Java " + Runtime.version() + ")"};
    }
}
