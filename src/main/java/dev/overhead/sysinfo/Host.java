package dev.overhead.sysinfo;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files of a machine, read below a root: {@code /} for the live machine, a captured tree under
 * test resources for tests. Every read that fails is "absent", never an error: fields a kernel does not
 * expose are simply left out of the environment.
 */
public record Host(Path root) {

    public static Host live() {
        return new Host(Path.of("/"));
    }

    public Path path(String absolute) {
        return root.resolve(absolute.startsWith("/") ? absolute.substring(1) : absolute);
    }

    /** The file's text with surrounding whitespace trimmed, or empty when it is missing or unreadable. */
    public Optional<String> read(String absolute) {
        return readRaw(absolute).map(String::strip);
    }

    /** The file's text as it is, or empty when it is missing or unreadable. */
    public Optional<String> readRaw(String absolute) {
        // One large read, not Files.readString: /proc reports size 0, the JDK then reads the first byte
        // alone, and sysctl files (proc_dointvec) answer any read at a non-zero offset with end of file,
        // so /proc/sys/vm/max_map_count would read as "6".
        try (FileInputStream in = new FileInputStream(path(absolute).toFile())) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            // Unreadable (permissions, vanished /proc entry, malformed bytes): treated as absent.
            return Optional.empty();
        }
    }

    public Optional<Long> readLong(String absolute) {
        return read(absolute).flatMap(Host::parseLong);
    }

    public boolean exists(String absolute) {
        return Files.exists(path(absolute));
    }

    /** Names in a directory, sorted; empty when it is missing. */
    public List<String> list(String absoluteDir) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(path(absoluteDir))) {
            for (Path p : dir) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        names.sort(null);
        return names;
    }

    static Optional<Long> parseLong(String s) {
        try {
            return Optional.of(Long.parseLong(s.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
