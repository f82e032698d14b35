package dev.overhead.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An executor that starts no process and answers instantly and exactly, so end-to-end tests can
 * assert exact output (like hyperfine's MockExecutor). Its vocabulary:
 * <ul>
 * <li>{@code sleep X} — wall X seconds exactly (suffixes s, m, h; several arguments add up), user and
 *     sys 0. {@code true} exits 0 and {@code false} exits 1, both in 0 s.</li>
 * <li>{@code fake KEY=VALUE ...} — every figure chosen: {@code wall user sys} (seconds), {@code rss}
 *     (KiB), {@code minflt majflt vcs ivcs fsin fsout} (counts), {@code exit}, {@code signal} (exit
 *     becomes 128+N), {@code instructions} and {@code cycles} (the CPU counters, returned only when
 *     the request asks for counters; without them such a request finds the counters unavailable),
 *     {@code treemem} (KiB), {@code treecpu} (s), {@code treeread} and {@code treewrite} (bytes),
 *     {@code psicpu}, {@code psimem} and {@code psiio} (s) (the process tree's figures, returned only
 *     when the request asks for them; a fake command that names none has none, without a warning),
 *     {@code out} and {@code err} (the text written to stdout and stderr; {@code \n}
 *     is a newline, {@code {wall}} the run's wall time, {@code {n}} the call number), and
 *     {@code jitter} (for example {@code 2%}: wall, user, sys and the counters are each multiplied by
 *     1 + 0.02·z, z a standard normal drawn from the executor's seed and the call number, so
 *     repeated runs differ, yet identically every time the same calls are made).
 *     Example: {@code fake wall=1.5 user=1.2 sys=0.1 rss=2048 jitter=1% 'out=Time: {wall}'}. A word
 *     {@code @FILE} stands for the words in FILE, so that a build can choose the figures (bisect's tests).</li>
 * <li>{@code fakewrap F COMMAND...} — a wrapper that multiplies the command's wall, user and sys
 *     by F, for variants given as a prefix.</li>
 * <li>{@code sh -c 'STRING'} (any shell's {@code -c}) — STRING is split with simple quoting rules
 *     and read as above.</li>
 * </ul>
 * The environment additions of a request count too, so an A/B study over variants that differ in
 * environment shows a real difference: {@code FAKE_SCALE=1.1} multiplies wall, user, sys and the counters,
 * {@code FAKE_ADD=0.05} adds seconds to the wall, {@code FAKE_RSS_ADD=512} adds KiB to peak RSS.
 * A request's timeout shorter than the wall ends the run at the timeout, as SIGTERM would (exit 143).
 * With {@code --output FILE} the out text is appended to the file; inherited output prints nothing.
 * Any other command fails to start, as a missing command would.
 */
public final class FakeExecutor implements Executor {
    private static final long DEFAULT_RSS_KIB = 1024;

    private final long seed;
    private final AtomicLong calls = new AtomicLong();

    public FakeExecutor() {
        this(0);
    }

    public FakeExecutor(long seed) {
        this.seed = seed;
    }

    @Override
    public ExecResult run(ExecRequest request) throws ExecException {
        long n = calls.getAndIncrement();
        List<String> argv = unwrapShell(request.argv());
        double scale = 1;
        while (argv.size() >= 2 && base(argv.getFirst()).equals("fakewrap")) {
            scale *= number(argv.get(1), request);
            argv = argv.subList(2, argv.size());
        }
        if (argv.isEmpty()) {
            throw new ExecException("command not found: fakewrap needs a command after its factor");
        }
        Map<String, String> kv = switch (base(argv.getFirst())) {
            case "sleep" -> Map.of("wall", String.valueOf(sleepSeconds(argv, request)));
            case "true" -> Map.of();
            case "false" -> Map.of("exit", "1");
            case "fake" -> keyValues(argv.subList(1, argv.size()), request);
            default ->
                throw new ExecException("command not found: " + argv.getFirst()
                        + " (the fake executor knows sleep, true, false, fake, fakewrap)");
        };
        Map<String, String> env = request.env();
        scale *= Double.parseDouble(env.getOrDefault("FAKE_SCALE", "1"));
        double noise = 1;
        if (kv.containsKey("jitter")) {
            String j = kv.get("jitter");
            double rel = j.endsWith("%") ? number(j.substring(0, j.length() - 1), request) / 100 : number(j, request);
            noise = Math.max(0, 1 + rel * new SplittableRandom(seed * 0x9E3779B97F4A7C15L + n).nextGaussian());
        }
        double wall = get(kv, "wall", request) * scale * noise + Double.parseDouble(env.getOrDefault("FAKE_ADD", "0"));
        double user = get(kv, "user", request) * scale * noise;
        double sys = get(kv, "sys", request) * scale * noise;
        long rss = (long) (kv.containsKey("rss") ? get(kv, "rss", request) : DEFAULT_RSS_KIB)
                + Long.parseLong(env.getOrDefault("FAKE_RSS_ADD", "0"));
        int signal = (int) get(kv, "signal", request);
        int exit = signal > 0 ? 128 + signal : (int) get(kv, "exit", request);
        boolean timedOut = request.timeout() != null && wall > request.timeout().toNanos() / 1e9;
        if (timedOut) {
            wall = request.timeout().toNanos() / 1e9;
            signal = 15;
            exit = 143;
        }
        String out = text(kv.get("out"), wall, n);
        String err = text(kv.get("err"), wall, n);
        if (request.output() instanceof OutputPolicy.ToFile(var file) && !out.isEmpty()) {
            try {
                Files.writeString(file, out, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw StartErrors.of("output file", 0, e.getMessage(), request);
            }
        }
        return new ExecResult(
                wall,
                user,
                sys,
                rss,
                true,
                (long) get(kv, "minflt", request),
                (long) get(kv, "majflt", request),
                (long) get(kv, "vcs", request),
                (long) get(kv, "ivcs", request),
                (long) get(kv, "fsin", request),
                (long) get(kv, "fsout", request),
                exit,
                signal > 0 ? signal : null,
                timedOut,
                last(out, request.captureBytes()),
                last(err, 4096),
                counters(kv, scale * noise, request),
                false,
                tree(kv, scale * noise, request));
    }

    private static final Map<String, String> TREE_KEYS = Map.of(
            "treemem", "tree_peak_mem_kib",
            "treecpu", "tree_cpu_s",
            "treeread", "tree_io_read_bytes",
            "treewrite", "tree_io_write_bytes",
            "psicpu", "psi_cpu_s",
            "psimem", "psi_mem_s",
            "psiio", "psi_io_s");

    private static ProcessTree tree(Map<String, String> kv, double factor, ExecRequest request) throws ExecException {
        if (!request.tree()) {
            return ProcessTree.NONE;
        }
        var values = new HashMap<String, Double>();
        for (var e : TREE_KEYS.entrySet()) {
            if (kv.containsKey(e.getKey())) {
                values.put(
                        e.getValue(), get(kv, e.getKey(), request) * (e.getKey().equals("treemem") ? 1 : factor));
            }
        }
        return new ProcessTree(values, null);
    }

    private static Counters counters(Map<String, String> kv, double factor, ExecRequest request) throws ExecException {
        if (!request.counters()) {
            return Counters.NONE;
        }
        var values = new HashMap<String, Double>();
        for (String name : List.of("instructions", "cycles")) {
            if (kv.containsKey(name)) {
                values.put(name, get(kv, name, request) * factor);
            }
        }
        return new Counters(
                values,
                values.isEmpty()
                        ? "hardware counters are not available here: the fake command names no instructions= or cycles="
                        : null);
    }

    /** How many runs this executor has answered. */
    public long calls() {
        return calls.get();
    }

    private static List<String> unwrapShell(List<String> argv) {
        if (argv.size() >= 3
                && base(argv.getFirst()).endsWith("sh")
                && argv.get(1).equals("-c")) {
            return split(argv.get(2));
        }
        return argv;
    }

    /** Words as a shell would split them, for the simple quoting fake commands use. */
    static List<String> split(String s) {
        var words = new ArrayList<String>();
        var cur = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : s.toCharArray()) {
            if (quote != 0) {
                if (c == quote) quote = 0;
                else cur.append(c);
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) words.add(cur.toString());
                cur.setLength(0);
                inWord = false;
            } else {
                cur.append(c);
                inWord = true;
            }
        }
        if (inWord) words.add(cur.toString());
        return words;
    }

    private static String base(String cmd) {
        return cmd.substring(cmd.lastIndexOf('/') + 1);
    }

    private static double sleepSeconds(List<String> argv, ExecRequest r) throws ExecException {
        double total = 0;
        for (String a : argv.subList(1, argv.size())) {
            double unit = switch (a.isEmpty() ? ' ' : a.charAt(a.length() - 1)) {
                case 's' -> 1;
                case 'm' -> 60;
                case 'h' -> 3600;
                default -> 0;
            };
            total += unit == 0 ? number(a, r) : number(a.substring(0, a.length() - 1), r) * unit;
        }
        return total;
    }

    private static Map<String, String> keyValues(List<String> words, ExecRequest r) throws ExecException {
        var kv = new HashMap<String, String>();
        List<String> all = new ArrayList<>();
        for (String w : words) {
            if (w.startsWith("@")) {
                try {
                    all.addAll(split(Files.readString(java.nio.file.Path.of(w.substring(1)), StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    throw new ExecException(
                            "fake command: cannot read " + w.substring(1) + " (" + e.getMessage() + ")");
                }
            } else {
                all.add(w);
            }
        }
        for (String w : all) {
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new ExecException(
                        "fake command: expected KEY=VALUE, got '" + w + "' in " + String.join(" ", r.argv()));
            }
            kv.put(w.substring(0, eq).toLowerCase(Locale.ROOT), w.substring(eq + 1));
        }
        return kv;
    }

    private static double get(Map<String, String> kv, String key, ExecRequest r) throws ExecException {
        String v = kv.get(key);
        return v == null ? 0 : number(v, r);
    }

    private static double number(String s, ExecRequest r) throws ExecException {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new ExecException("fake command: '" + s + "' is not a number in " + String.join(" ", r.argv()));
        }
    }

    private static String text(String template, double wall, long n) {
        if (template == null) return "";
        return template.replace("\\n", "\n")
                .replace("{wall}", String.format(Locale.ROOT, "%.6f", wall))
                .replace("{n}", Long.toString(n));
    }

    private static String last(String s, int bytes) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return b.length <= bytes
                ? s
                : new String(b, b.length - Math.max(0, bytes), Math.max(0, bytes), StandardCharsets.UTF_8);
    }

    @Override
    public void cancel() {
        // nothing runs, so nothing to stop
    }

    @Override
    public String describe() {
        return "fake (no processes)";
    }

    @Override
    public boolean exactMaxRss() {
        return true;
    }

    @Override
    public void close() {
        // no resources
    }
}
