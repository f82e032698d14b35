package dev.overhead.exec;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Files of {@code /proc} and {@code /sys} read whole. {@code Files.readString} and {@code Files.readAllBytes} are
 * wrong for them: such files report size 0, the JDK then reads one byte, and a sysctl file ({@code /proc/sys},
 * {@code proc_dointvec}) answers the next read, at offset 1, with end of file, so {@code vm.max_map_count} of 65530
 * reads as "6" and 1048576 as "1" (docs/reliability.md). One {@link FileInputStream#readAllBytes} asks for a whole buffer at
 * offset 0.
 */
public final class KernelFiles {
    private KernelFiles() {}

    /** The file's text, stripped, or empty when it is missing or unreadable. */
    public static Optional<String> read(Path file) {
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // missing, unreadable, or not a file: absent
        }
    }

    /** A sysctl's value by its path below {@code /proc/sys} ({@code vm/max_map_count}), or empty. */
    public static Optional<String> sysctl(String key) {
        return read(Path.of("/proc/sys", key));
    }
}
