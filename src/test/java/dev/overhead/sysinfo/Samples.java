package dev.overhead.sysinfo;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Captured machines under src/test/resources/sysinfo: each a root with proc/, sys/, etc/ and commands/. */
final class Samples {
    private Samples() {}

    static final String EPYC_VM = "amd-epyc-firecracker";
    static final String I7 = "intel-i7-8700-ubuntu";
    static final String XEON = "intel-xeon-2socket-rhel";
    static final String GRAVITON = "arm-graviton2-al2023";

    static Path root(String name) {
        try {
            return Path.of(Samples.class.getResource("/sysinfo/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Host host(String name) {
        return new Host(root(name));
    }

    static String text(String name, String file) {
        try {
            return Files.readString(root(name).resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The whole probe over a captured machine, its commands answered from commands/. */
    static Map<String, Object> probe(String name, Map<String, String> env) {
        return new EnvironmentProbe(
                        host(name), CommandRunner.captured(root(name).resolve("commands")), env, 1, Duration.ZERO)
                .probe();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> section(Map<String, Object> env, String key) {
        return (Map<String, Object>) env.get(key);
    }
}
