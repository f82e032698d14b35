package dev.overhead.vm;

import dev.overhead.exec.NativeExecutor;
import dev.overhead.model.Levels;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One booted guest: qemu running a variant's kernel on overhead's initramfs, its helper ready on the
 * serial port, and an executor that measures commands in it. Closing it quits the helper, which
 * powers the guest off; qemu is killed if it has not ended soon after. Nothing of it outlives the JVM:
 * qemu is started under {@code setpriv --pdeathsig KILL}.
 */
public final class Guest implements AutoCloseable {
    private static final String READY = "overhead-spawner ready";

    private final Process qemu;
    private final Path dir;
    private final Path console;
    private final NativeExecutor executor;
    private final Map<String, Object> facts;

    private Guest(Process qemu, Path dir, Path console, NativeExecutor executor, Map<String, Object> facts) {
        this.qemu = qemu;
        this.dir = dir;
        this.console = console;
        this.executor = executor;
        this.facts = facts;
    }

    /**
     * Boots {@code boot} with {@code image} and waits for the guest's helper.
     *
     * @param onStart given qemu as soon as it runs, so that Ctrl-C can stop a boot in progress
     * @throws VmException where qemu cannot start, or the guest panics, finds no init or stays silent
     *                     past {@code timeout}, with the console's last lines
     */
    public static Guest boot(
            String variant,
            Levels.Boot boot,
            Path image,
            Duration timeout,
            java.util.function.Consumer<Process> onStart) {
        Path qemuBinary = Qemu.binary();
        String accelerator = Qemu.accelerator();
        Path dir;
        try {
            dir = Files.createTempDirectory("overhead-vm-");
        } catch (IOException e) {
            throw new VmException("no temporary folder for the guest (" + e.getMessage() + "); set TMPDIR.", e);
        }
        Path console = dir.resolve("console.log");
        Path socket = dir.resolve("serial");
        Process qemu = null;
        long started = System.nanoTime();
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Path initrd = initrd(boot, image, dir);
            List<String> argv = Qemu.command(qemuBinary, boot, initrd, accelerator, console, socket);
            qemu = dev.overhead.exec.Unmeasured.of(argv)
                    .outputTo(dir.resolve("qemu.out"))
                    .start()
                    .process();
            onStart.accept(qemu);
            server.configureBlocking(false);
            long deadline = started + timeout.toNanos();
            SocketChannel channel = null;
            while (channel == null) {
                channel = server.accept();
                if (channel == null) {
                    failIfEnded(qemu, variant, boot, dir, console);
                    if (System.nanoTime() > deadline) {
                        throw silent(variant, timeout, console);
                    }
                    Thread.sleep(5);
                }
            }
            Map<String, Object> facts = waitForReady(channel, qemu, deadline, variant, boot, dir, console, timeout);
            facts.put("accelerator", accelerator);
            facts.put("boot_s", Math.round((System.nanoTime() - started) / 1e6) / 1e3);
            return new Guest(qemu, dir, console, NativeExecutor.attached(qemu, channel), facts);
        } catch (IOException e) {
            abandon(qemu, dir);
            throw new VmException("qemu could not be started for variant " + variant + " (" + e.getMessage() + ").", e);
        } catch (InterruptedException e) {
            abandon(qemu, dir);
            Thread.currentThread().interrupt();
            throw new VmException("the boot of variant " + variant + " was interrupted.", e);
        } catch (RuntimeException e) {
            abandon(qemu, dir);
            throw e;
        }
    }

    /** The image itself, or the variant's initrd with overhead's archive after it (its /init wins). */
    private static Path initrd(Levels.Boot boot, Path image, Path dir) throws IOException {
        if (boot.initrd().isEmpty()) {
            return image;
        }
        Path theirs = Path.of(boot.initrd());
        if (!Files.isRegularFile(theirs)) {
            throw new VmException("the initrd " + theirs + " does not exist; give the path of an initramfs, or leave"
                    + " initrd out.");
        }
        Path both = dir.resolve("initrd");
        try (OutputStream out = Files.newOutputStream(both)) {
            Files.copy(theirs, out);
            Files.copy(image, out);
        }
        return both;
    }

    /** Reads the guest's facts (release, cmdline) until the helper's ready line. */
    private static Map<String, Object> waitForReady(
            SocketChannel channel,
            Process qemu,
            long deadline,
            String variant,
            Levels.Boot boot,
            Path dir,
            Path console,
            Duration timeout)
            throws IOException, InterruptedException {
        channel.configureBlocking(false);
        Map<String, Object> facts = new LinkedHashMap<>();
        StringBuilder line = new StringBuilder();
        ByteBuffer one = ByteBuffer.allocate(1);
        while (true) {
            one.clear();
            int n = channel.read(one);
            if (n < 0) { // qemu is ending (a panic closes the port first): let it end, then say why
                qemu.waitFor(5, TimeUnit.SECONDS);
                failIfEnded(qemu, variant, boot, dir, console);
                throw new VmException(
                        "qemu closed the serial port of variant " + variant + " before the guest was" + " ready.");
            }
            if (n == 0) {
                failIfEnded(qemu, variant, boot, dir, console);
                if (System.nanoTime() > deadline) {
                    throw silent(variant, timeout, console);
                }
                Thread.sleep(5);
                continue;
            }
            char c = (char) (one.get(0) & 0xff);
            if (c == '\r') {
                continue;
            }
            if (c != '\n') {
                line.append(c);
                continue;
            }
            String text = line.toString();
            line.setLength(0);
            if (text.equals(READY)) {
                channel.configureBlocking(true);
                return facts;
            }
            if (text.startsWith(GuestImage.FACT)) {
                String fact = text.substring(GuestImage.FACT.length());
                int space = fact.indexOf(' ');
                if (space > 0) {
                    facts.put(
                            fact.substring(0, space), fact.substring(space + 1).strip());
                }
            }
        }
    }

    /** A qemu that ended during the boot: the kernel panicked, found no init, or qemu refused its arguments. */
    private static void failIfEnded(Process qemu, String variant, Levels.Boot boot, Path dir, Path console) {
        if (qemu.isAlive()) {
            return;
        }
        List<String> all = Qemu.tail(console, Integer.MAX_VALUE);
        int panic = -1;
        for (int i = 0; i < all.size() && panic < 0; i++) {
            if (all.get(i).contains("Kernel panic")) {
                panic = i;
            }
        }
        if (panic >= 0) { // the lines before the panic say why; the call trace after it says where
            List<String> before = all.subList(Math.max(0, panic - 6), panic).stream()
                    .map(Qemu::untimed)
                    .toList();
            throw new VmException("the guest kernel of variant " + variant + " panicked during its boot ("
                    + Qemu.untimed(all.get(panic)) + ")"
                    + (before.isEmpty() ? "" : "; its console before the" + " panic: " + String.join(" | ", before))
                    + ".");
        }
        List<String> lines = all.subList(Math.max(0, all.size() - 12), all.size());
        String said = "";
        try {
            said = Files.readString(dir.resolve("qemu.out"), StandardCharsets.UTF_8)
                    .strip();
        } catch (IOException ignored) {
            // nothing more to say
        }
        throw new VmException("qemu ended (exit code " + qemu.exitValue() + ") before the guest of variant " + variant
                + " was ready"
                + (said.isEmpty() ? "" : ": " + said.lines().reduce((a, b) -> b).orElse(""))
                + (lines.isEmpty()
                        ? "; the guest printed nothing"
                        : "; its console ended with: " + String.join(" | ", lines))
                + ".");
    }

    private static VmException silent(String variant, Duration timeout, Path console) {
        List<String> lines = Qemu.tail(console, 12);
        return new VmException("the guest of variant " + variant + " was not ready within " + timeout.toSeconds()
                + " s (no init, or a hung boot); "
                + (lines.isEmpty() ? "it printed nothing" : "its console ended with: " + String.join(" | ", lines))
                + ".");
    }

    public NativeExecutor executor() {
        return executor;
    }

    /** What the guest said of itself: {@code release}, {@code cmdline}, {@code accelerator}, {@code boot_s}. */
    public Map<String, Object> facts() {
        return facts;
    }

    /** The last lines of the console, for a failure after the boot. */
    public List<String> consoleTail() {
        return Qemu.tail(console, 12);
    }

    /** Ends the guest at once (Ctrl-C, SIGTERM). */
    public void kill() {
        qemu.destroyForcibly();
    }

    @Override
    public void close() {
        executor.close(); // quit: the guest's /init powers off
        stop(qemu, dir);
    }

    private static void abandon(Process qemu, Path dir) {
        if (qemu != null) {
            qemu.destroyForcibly();
        }
        stop(qemu, dir);
    }

    private static void stop(Process qemu, Path dir) {
        if (qemu != null) {
            try {
                if (!qemu.waitFor(10, TimeUnit.SECONDS)) {
                    qemu.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                qemu.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temporary folder is harmless
        }
    }
}
