package dev.overhead.cli;

import dev.overhead.model.ToolVersion;
import picocli.CommandLine.IVersionProvider;

/** The version for {@code --version}: overhead's and the JVM's. */
public final class Version implements IVersionProvider {

    public static String current() {
        return ToolVersion.current();
    }

    @Override
    public String[] getVersion() {
        return new String[] {"overhead " + current() + " (Java " + Runtime.version() + ")"};
    }
}
