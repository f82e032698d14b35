package dev.overhead.study;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The systemd unit of a boot study: runs {@code overhead resume STUDY} at every start, so a boot
 * study continues by itself; the resume that completes the study removes it. Written, not enabled:
 * the writer prints how to enable it.
 */
public final class BootUnits {
    private BootUnits() {}

    public static String name(String id) {
        return "overhead-resume-" + id + ".service";
    }

    /** The unit's text: resume the study once the machine is up, with this overhead and this store. */
    public static String unit(String id, Path store, List<String> overhead, Path unitFile) {
        String command =
                String.join(" ", overhead.stream().map(BootUnits::quote).toList()) + " resume --store "
                        + quote(store.toString()) + " --boot-unit " + quote(unitFile.toString()) + " " + quote(id);
        return """
                # Written by 'overhead boot-unit install %1$s' (docs/cli.md): continues study %1$s after
                # every start of the machine; the resume that measures its last boot removes this unit.
                [Unit]
                Description=overhead: continue boot study %1$s
                After=multi-user.target
                Wants=multi-user.target

                [Service]
                Type=oneshot
                ExecStart=%2$s
                StandardOutput=journal
                StandardError=journal

                [Install]
                WantedBy=multi-user.target
                """.formatted(id, command);
    }

    /** systemd's quoting: a word with spaces, quotes or backslashes in double quotes, escaped. */
    public static String quote(String word) {
        if (!word.isEmpty() && word.chars().noneMatch(c -> c == ' ' || c == '"' || c == '\\' || c == '\'')) {
            return word;
        }
        return "\"" + word.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The command that starts this overhead again: this JVM on this jar, with the launcher's flags. */
    public static List<String> self() {
        String java = ProcessHandle.current().info().command().orElse("java");
        String jar;
        try {
            jar = Path.of(BootUnits.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (Exception e) {
            jar = "overhead.jar";
        }
        return List.of(java, "--enable-native-access=ALL-UNNAMED", "-jar", jar);
    }

    /** Writes the unit of study {@code id} into {@code dir} and says how to enable it; its path. */
    public static Path write(String id, Path store, Path dir, PrintWriter say) {
        Path file = dir.resolve(name(id));
        String text = unit(id, store.toAbsolutePath(), self(), file);
        try {
            Files.createDirectories(dir);
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UserError(
                    1,
                    "the unit could not be written to " + file + " (" + e.getMessage()
                            + "); give a folder you can write, or run as root.");
        }
        say.println("wrote " + file + "; enable it with: systemctl daemon-reload && systemctl enable " + name(id));
        say.flush();
        return file;
    }

    /** Removes the unit the completed study no longer needs (best effort: the study is done either way). */
    public static void remove(Path unit, PrintWriter err) {
        try {
            Files.deleteIfExists(unit);
            String name = unit.getFileName().toString();
            dev.overhead.run.BootIdentity.shell(
                    "command -v systemctl >/dev/null && systemctl disable " + name + " >/dev/null 2>&1; true", null);
            err.println("overhead: removed the boot unit " + unit);
        } catch (IOException e) {
            err.println("overhead: the boot unit " + unit + " could not be removed (" + e.getMessage()
                    + "); remove it by hand");
        }
    }
}
