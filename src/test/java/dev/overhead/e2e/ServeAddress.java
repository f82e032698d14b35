package dev.overhead.e2e;

import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The address a started {@code overhead serve --port 0} prints once it listens. */
final class ServeAddress {
    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/)");

    private ServeAddress() {}

    /** Waits up to 60 s for the address; fails with the server's output where it ends or prints none. */
    static String await(Launcher.Running server) throws Exception {
        for (int i = 0; i < 600; i++) {
            Matcher m = URL.matcher(Files.readString(server.out()));
            if (m.find()) {
                return m.group(1);
            }
            if (!server.process().isAlive()) {
                throw new AssertionError("serve ended: " + server.finish());
            }
            Thread.sleep(100);
        }
        throw new AssertionError("serve printed no address in 60 s: " + Files.readString(server.err()));
    }
}
