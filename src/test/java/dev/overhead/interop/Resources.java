package dev.overhead.interop;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

final class Resources {
    private Resources() {}

    static Path path(String name) {
        try {
            var url = Resources.class.getResource("/" + name);
            if (url == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String text(String name) {
        try {
            return Files.readString(path(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
