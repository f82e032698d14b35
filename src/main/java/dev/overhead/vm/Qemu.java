package dev.overhead.vm;

import dev.overhead.model.Levels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How qemu is started for one boot: KVM where {@code /dev/kvm} can be opened, else TCG (emulation);
 * the kernel's console on the first serial port, into a file (its last lines explain a boot that
 * fails), the second serial port a client of the host's Unix socket, where the guest's helper speaks
 * the wire protocol. {@code panic=-1} and {@code -no-reboot} make a panicking guest end qemu at once.
 */
final class Qemu {
    static final String BINARY = "qemu-system-x86_64";
    static final String DEFAULT_MEMORY = "512M";
    /** What overhead needs on the kernel command line, before the variant's own words. */
    static final String CONSOLE = "console=ttyS0 quiet panic=-1 rdinit=/init";

    private Qemu() {}

    /** "kvm" where this process can open /dev/kvm, else "tcg". */
    static String accelerator() {
        Path kvm = Path.of("/dev/kvm");
        return Files.isReadable(kvm) && Files.isWritable(kvm) ? "kvm" : "tcg";
    }

    /** qemu on PATH, or a sentence saying what to install. */
    static Path binary() {
        Path found = GuestImage.find(BINARY);
        if (found == null) {
            throw new VmException(BINARY + " is not installed: install qemu (apt-get install qemu-system-x86) to boot"
                    + " kernel variants.");
        }
        return found;
    }

    /** The command line of one boot. */
    static List<String> command(
            Path qemu, Levels.Boot boot, Path initrd, String accelerator, Path console, Path socket) {
        List<String> argv = new ArrayList<>();
        Path setpriv = GuestImage.find("setpriv"); // qemu dies with this process, however it ends
        if (setpriv != null) {
            argv.addAll(List.of(setpriv.toString(), "--pdeathsig", "KILL", "--"));
        }
        argv.addAll(List.of(
                qemu.toString(),
                "-accel",
                accelerator,
                "-m",
                boot.memory().isEmpty() ? DEFAULT_MEMORY : boot.memory(),
                "-smp",
                String.valueOf(boot.cpus() == 0 ? 1 : boot.cpus()),
                "-display",
                "none",
                "-no-reboot",
                "-monitor",
                "none",
                "-kernel",
                boot.kernel(),
                "-initrd",
                initrd.toString(),
                "-append",
                (CONSOLE + " " + boot.cmdline()).strip(),
                "-serial",
                "file:" + console,
                "-serial",
                "unix:" + socket));
        if (accelerator.equals("kvm")) {
            argv.addAll(List.of("-cpu", "host"));
        }
        return argv;
    }

    /** A console line without the kernel's timestamp ({@code [    5.40] }). */
    static String untimed(String line) {
        return line.replaceAll("^\\[[^]]*\\]\\s*", "").strip();
    }

    /** The last {@code n} lines of the guest's console, for the sentence of a boot that failed. */
    static List<String> tail(Path console, int n) {
        try {
            List<String> lines = Files.readString(console, java.nio.charset.StandardCharsets.ISO_8859_1)
                    .replace("\r", "")
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
            return lines.subList(Math.max(0, lines.size() - n), lines.size());
        } catch (IOException e) {
            return List.of();
        }
    }
}
