package dev.overhead.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The guest's initramfs: busybox (its applets are the guest's shell and tools), the forking helper
 * linked statically, the workload's programs with the shared libraries {@code ldd} names for them
 * (the loader among them), and the files the workload lists, each at its path on this machine; and
 * an {@code /init} that mounts what a program expects, reports the guest's kernel release and
 * command line on the second serial port and hands that port to the helper. The archive is cached
 * under a name made of its content's hash, so a study's boots, and studies with the same programs,
 * build it once.
 */
public final class GuestImage {
    /** What {@code /init} writes on the serial port before the helper starts, one fact a line. */
    static final String FACT = "overhead-guest ";

    static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private static final Pattern LDD_PATH = Pattern.compile("(?:=>\\s*)?(/\\S+)\\s+\\(0x");
    private static final Pattern LDD_MISSING = Pattern.compile("^\\s*(\\S+)\\s+=>\\s+not found");

    private final Map<String, Entry> entries = new TreeMap<>();
    private final List<String> problems = new ArrayList<>();

    private record Entry(int mode, byte[] data, String link) {}

    private GuestImage() {}

    /**
     * The archive for these programs and files, built now or found in the cache.
     *
     * @param programs each program the guest runs (a name looked up on PATH, or a path), with what needs it
     *                 ("workload hackbench") for the sentence of one that cannot be put in
     * @param files    files and folders put in at the same path
     * @param helper   the forking helper, linked statically
     * @throws VmException naming every program or file that cannot be put in, and why
     */
    public static Path build(Map<String, String> programs, List<String> files, Path helper, Path cacheDir) {
        GuestImage image = new GuestImage();
        image.program("busybox", "the guest's shell", "install busybox-static (apt-get install busybox-static)");
        for (var p : programs.entrySet()) {
            image.program(p.getKey(), p.getValue(), null);
        }
        for (String f : files) {
            image.files(Path.of(f));
        }
        if (!image.problems.isEmpty()) {
            throw new VmException(String.join(" ", image.problems));
        }
        image.put("/bin/overhead-spawner", helper, 0755);
        image.entries.put("/init", new Entry(0755, init().getBytes(StandardCharsets.UTF_8), null));
        return image.write(cacheDir);
    }

    /** The guest's first process: mounts, facts on the serial port, then the helper until the host quits. */
    static String init() {
        return """
                #!/bin/busybox sh
                /bin/busybox mkdir -p /bin /proc /sys /dev /tmp /run /root
                /bin/busybox --install -s /bin 2>/dev/null
                mount -t proc proc /proc
                mount -t sysfs sysfs /sys
                mount -t devtmpfs devtmpfs /dev 2>/dev/null
                mount -t tmpfs tmpfs /tmp
                mount -t cgroup2 cgroup2 /sys/fs/cgroup 2>/dev/null
                export PATH=%s HOME=/root
                {
                  echo "%srelease $(uname -r)"
                  echo "%scmdline $(cat /proc/cmdline)"
                } > /dev/ttyS1
                /bin/overhead-spawner /dev/ttyS1
                sync
                poweroff -f
                """.formatted(PATH, FACT, FACT);
    }

    private void program(String name, String neededBy, String hint) {
        Path found = find(name);
        if (found == null) {
            problems.add("'" + name + "' (" + neededBy + ") cannot be put into the guest: "
                    + (name.contains("/") ? "there is no such executable file here" : "it is not on PATH here")
                    + "; " + (hint != null ? hint : "install it, or give its full path") + ".");
            return;
        }
        String at = name.equals("busybox") ? "/bin/busybox" : found.toString();
        if (entries.containsKey(at)) {
            return;
        }
        put(at, found, 0755);
        String interpreter = interpreter(found);
        if (interpreter != null) {
            if (!interpreter.equals("/bin/sh")) { // busybox's sh is the guest's /bin/sh
                program(interpreter, "the interpreter of " + found, null);
            }
            return;
        }
        libraries(found, neededBy);
    }

    private void libraries(Path program, String neededBy) {
        List<String> lines;
        try {
            lines = dev.overhead.exec.Unmeasured.of("ldd", program.toString())
                    .stderr(dev.overhead.exec.Unmeasured.Output.MERGE)
                    .timeout(java.time.Duration.ofSeconds(60))
                    .run()
                    .stdout()
                    .lines()
                    .toList();
        } catch (dev.overhead.exec.Unmeasured.NotStarted e) {
            problems.add("the libraries of " + program + " (" + neededBy + ") cannot be listed: ldd did not run ("
                    + e.getMessage() + "); install libc-bin.");
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VmException("interrupted while listing the libraries of " + program + ".", e);
        }
        List<String> missing = new ArrayList<>();
        for (String line : lines) {
            Matcher gone = LDD_MISSING.matcher(line);
            if (gone.find()) {
                missing.add(gone.group(1));
                continue;
            }
            Matcher m = LDD_PATH.matcher(line);
            if (m.find()) {
                Path lib = Path.of(m.group(1));
                if (!entries.containsKey(lib.toString()) && Files.isRegularFile(lib)) {
                    put(lib.toString(), lib, 0755);
                }
            }
        }
        if (!missing.isEmpty()) {
            problems.add(program + " (" + neededBy + ") cannot be put into the guest: it needs "
                    + String.join(", ", missing) + ", which ldd cannot find here; install "
                    + (missing.size() == 1 ? "that library" : "those libraries") + " or set LD_LIBRARY_PATH.");
        }
    }

    private void files(Path path) {
        if (!Files.exists(path)) {
            problems.add("the file " + path + " the workload lists for the guest does not exist here; give an existing"
                    + " path.");
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                if (Files.isRegularFile(p)) {
                    put(p.toString(), p, Files.isExecutable(p) ? 0755 : 0644);
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    entries.putIfAbsent(p.toString(), new Entry(0755, null, null));
                }
            }
        } catch (IOException e) {
            problems.add("the file " + path + " cannot be read (" + e.getMessage() + ").");
        }
    }

    private void put(String at, Path from, int mode) {
        try {
            entries.put(at, new Entry(mode, Files.readAllBytes(from), null));
        } catch (IOException e) {
            problems.add(from + " cannot be read (" + e.getMessage() + ").");
        }
    }

    /** A program's path: as given where it has a slash, else the first on PATH, as execvp finds it. */
    static Path find(String name) {
        if (name.contains("/")) {
            Path p = Path.of(name).toAbsolutePath();
            return Files.isRegularFile(p) && Files.isExecutable(p) ? p : null;
        }
        for (String dir : System.getenv().getOrDefault("PATH", PATH).split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p.toAbsolutePath();
            }
        }
        return null;
    }

    /** A script's interpreter ({@code #!/usr/bin/perl -w}: /usr/bin/perl), or null for a binary. */
    private static String interpreter(Path program) {
        try (var in = Files.newInputStream(program)) {
            byte[] head = in.readNBytes(256);
            if (head.length < 2 || head[0] != '#' || head[1] != '!') {
                return null;
            }
            String line = new String(head, 2, head.length - 2, StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElse("")
                    .strip();
            return line.isEmpty() ? null : line.split("\\s+")[0];
        } catch (IOException e) {
            return null;
        }
    }

    private Path write(Path cacheDir) {
        Cpio cpio = new Cpio();
        Set<String> dirs = new java.util.TreeSet<>();
        for (String path : entries.keySet()) {
            for (Path d = Path.of(path).getParent(); d != null && !d.toString().equals("/"); d = d.getParent()) {
                dirs.add(d.toString());
            }
        }
        Map<String, Entry> all = new LinkedHashMap<>();
        for (String d : dirs) { // parents before what is in them: TreeSet order puts /a before /a/b
            all.put(d, new Entry(0755, null, null));
        }
        entries.forEach(all::putIfAbsent);
        for (var e : all.entrySet()) {
            Entry entry = e.getValue();
            if (entry.data() == null && entry.link() == null) {
                cpio.directory(e.getKey());
            } else {
                cpio.file(e.getKey(), entry.mode(), entry.data());
            }
        }
        byte[] archive = cpio.finish();
        Path file = cacheDir.resolve("initramfs-" + sha256(archive) + ".cpio");
        if (Files.isRegularFile(file)) {
            return file;
        }
        try {
            Files.createDirectories(cacheDir);
            Path tmp = Files.createTempFile(cacheDir, "initramfs-", ".tmp");
            Files.write(tmp, archive);
            Files.setPosixFilePermissions(
                    tmp,
                    Set.of(
                            PosixFilePermission.OWNER_READ,
                            PosixFilePermission.OWNER_WRITE,
                            PosixFilePermission.GROUP_READ,
                            PosixFilePermission.OTHERS_READ));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new VmException(
                    "the guest's initramfs cannot be written to " + cacheDir + " (" + e.getMessage()
                            + "); set XDG_CACHE_HOME to a folder you can write.",
                    e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 10);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
