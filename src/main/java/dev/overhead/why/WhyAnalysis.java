package dev.overhead.why;

import dev.overhead.stats.PointChange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * From the profiled runs of two variants to where the candidate's extra time went (pure).
 *
 * <p>The method: each run's weight in a symbol is divided by the baseline's mean total per run, so a
 * value is in points of the baseline's total, and the difference of the two variants' means is
 * estimated with Welch's interval ({@link PointChange}) across runs. Because every sample counts in
 * exactly one symbol, the symbols' changes add up to the change of the total, and sorting by their
 * size sorts by contribution. The baseline mean used for scaling is treated as fixed; its own error
 * scales all rows alike and does not change which symbol comes first.
 *
 * <p>A profile compares many symbols at once, so the intervals of one view are taken at the
 * Bonferroni level for the symbols shown (those with at least {@code minSharePct} of either
 * variant's samples; the rest are pooled as one row): then all of them hold together at the
 * report's confidence, and a symbol is not called changed because one in twenty would be.
 */
public final class WhyAnalysis {
    private WhyAnalysis() {}

    /** The key under which symbols below {@code minSharePct} are pooled. */
    public static final String OTHER = "(other)";

    private static final Set<String> NOT_KERNEL = Set.of("[vdso]", "[vsyscall]", "[unknown]", "[anon]", "[heap]");

    /**
     * @param thresholdPoints the band, in points, inside which a change counts as none
     * @param minSharePct     symbols below this share of both variants are pooled
     * @param flameMinPoints  flame-graph frames below this weight in both variants are left out
     */
    public record Options(double confidence, double thresholdPoints, double minSharePct, double flameMinPoints) {
        public static final Options DEFAULT = new Options(0.95, 1.0, 0.5, 0.1);
    }

    public static WhyReport.Diff diff(String candidate, List<ProfiledRun> base, List<ProfiledRun> cand, Options o) {
        double baseMean =
                base.stream().mapToLong(r -> r.profile().total()).average().orElse(0);
        double scale = baseMean == 0 ? 0 : 100 / baseMean;
        double[] bt =
                base.stream().mapToDouble(r -> r.profile().total() * scale).toArray();
        double[] ct =
                cand.stream().mapToDouble(r -> r.profile().total() * scale).toArray();
        PointChange total = PointChange.of(bt, ct, o.confidence(), o.thresholdPoints());
        double wallMean =
                base.stream().mapToDouble(ProfiledRun::wallS).average().orElse(0);
        double wallScale = wallMean == 0 ? 0 : 100 / wallMean;
        PointChange wall = PointChange.of(
                base.stream().mapToDouble(r -> r.wallS() * wallScale).toArray(),
                cand.stream().mapToDouble(r -> r.wallS() * wallScale).toArray(),
                o.confidence(),
                o.thresholdPoints());
        return new WhyReport.Diff(
                candidate,
                total,
                wall,
                baseMean,
                cand.stream().mapToLong(r -> r.profile().total()).average().orElse(0),
                base.stream().mapToLong(r -> r.profile().samples()).sum(),
                cand.stream().mapToLong(r -> r.profile().samples()).sum(),
                rows(base, cand, scale, o, RunProfile::bySymbol, true),
                rows(base, cand, scale, o, RunProfile::byDso, false),
                rows(base, cand, scale, o, RunProfile::byMode, false),
                syscalls(base, cand, o),
                flame(base, cand, scale, o.flameMinPoints()));
    }

    static List<WhyReport.Row> rows(
            List<ProfiledRun> base,
            List<ProfiledRun> cand,
            double scale,
            Options o,
            Function<RunProfile, Map<String, Long>> view,
            boolean symbols) {
        Set<String> keys = new TreeSet<>();
        base.forEach(r -> keys.addAll(view.apply(r.profile()).keySet()));
        cand.forEach(r -> keys.addAll(view.apply(r.profile()).keySet()));
        List<String> family = new ArrayList<>();
        List<String> pooled = new ArrayList<>();
        for (String k : keys) {
            boolean big = meanShare(base, view, List.of(k)) >= o.minSharePct()
                    || meanShare(cand, view, List.of(k)) >= o.minSharePct();
            (big ? family : pooled).add(k);
        }
        int m = family.size() + (pooled.isEmpty() ? 0 : 1);
        double confidence = PointChange.familyConfidence(o.confidence(), m);
        List<WhyReport.Row> rows = new ArrayList<>();
        for (String k : family) {
            rows.add(row(k, List.of(k), base, cand, scale, o, view, confidence, symbols));
        }
        if (!pooled.isEmpty()) {
            rows.add(row(OTHER, pooled, base, cand, scale, o, view, confidence, symbols));
        }
        rows.sort(Comparator.comparingDouble(
                        (WhyReport.Row r) -> -Math.abs(r.change().estimate()))
                .thenComparing(WhyReport.Row::key));
        return rows;
    }

    private static WhyReport.Row row(
            String key,
            List<String> keys,
            List<ProfiledRun> base,
            List<ProfiledRun> cand,
            double scale,
            Options o,
            Function<RunProfile, Map<String, Long>> view,
            double confidence,
            boolean symbols) {
        double[] b = values(base, view, keys, scale);
        double[] c = values(cand, view, keys, scale);
        boolean inBase = java.util.Arrays.stream(b).anyMatch(x -> x != 0);
        boolean inCand = java.util.Arrays.stream(c).anyMatch(x -> x != 0);
        String only = key.equals(OTHER) || inBase == inCand ? null : inBase ? "baseline" : "candidate";
        String symbol = symbols && !key.equals(OTHER) ? Roles.symbolOf(key) : key;
        String dso = symbols && !key.equals(OTHER) ? Roles.dsoOf(key) : "";
        boolean kernel = symbols ? kernelDso(dso) : key.equals("kernel") || kernelDso(key);
        return new WhyReport.Row(
                key,
                symbol,
                dso,
                kernel,
                meanShare(base, view, keys),
                meanShare(cand, view, keys),
                shares(base, view, keys),
                shares(cand, view, keys),
                PointChange.of(b, c, confidence, o.thresholdPoints()),
                only);
    }

    /** perf names the kernel {@code [kernel.kallsyms]} and its modules {@code [ext4]}; user DSOs are paths. */
    static boolean kernelDso(String dso) {
        return dso.startsWith("[") && dso.endsWith("]") && !NOT_KERNEL.contains(dso);
    }

    private static double[] values(
            List<ProfiledRun> runs, Function<RunProfile, Map<String, Long>> view, List<String> keys, double scale) {
        return runs.stream()
                .mapToDouble(r -> sum(view.apply(r.profile()), keys) * scale)
                .toArray();
    }

    private static List<Double> shares(
            List<ProfiledRun> runs, Function<RunProfile, Map<String, Long>> view, List<String> keys) {
        return runs.stream()
                .map(r -> r.profile().total() == 0
                        ? 0.0
                        : 100.0
                                * sum(view.apply(r.profile()), keys)
                                / r.profile().total())
                .toList();
    }

    private static double meanShare(
            List<ProfiledRun> runs, Function<RunProfile, Map<String, Long>> view, List<String> keys) {
        return runs.stream()
                .filter(r -> r.profile().total() > 0)
                .mapToDouble(r ->
                        100.0 * sum(view.apply(r.profile()), keys) / r.profile().total())
                .average()
                .orElse(0);
    }

    private static long sum(Map<String, Long> m, List<String> keys) {
        long s = 0;
        for (String k : keys) {
            s += m.getOrDefault(k, 0L);
        }
        return s;
    }

    static List<WhyReport.SyscallRow> syscalls(List<ProfiledRun> base, List<ProfiledRun> cand, Options o) {
        if (base.isEmpty()
                || cand.isEmpty()
                || base.stream().anyMatch(r -> r.syscalls() == null)
                || cand.stream().anyMatch(r -> r.syscalls() == null)) {
            return List.of();
        }
        Set<String> names = new TreeSet<>();
        base.forEach(r -> names.addAll(r.syscalls().keySet()));
        cand.forEach(r -> names.addAll(r.syscalls().keySet()));
        double confidence = PointChange.familyConfidence(o.confidence(), names.size());
        List<WhyReport.SyscallRow> rows = new ArrayList<>();
        for (String n : names) {
            double[] bc = stat(base, n, s -> (double) s.calls());
            double[] cc = stat(cand, n, s -> (double) s.calls());
            double[] bs = stat(base, n, Syscalls.Stat::seconds);
            double[] cs = stat(cand, n, Syscalls.Stat::seconds);
            double bCalls = mean(bc);
            double bSeconds = mean(bs);
            // the same band as elsewhere, as a share of the baseline's own figure (half a call at least)
            double callBand = Math.max(0.5, bCalls * o.thresholdPoints() / 100);
            double timeBand = Math.max(1e-6, bSeconds * o.thresholdPoints() / 100);
            rows.add(new WhyReport.SyscallRow(
                    n,
                    bCalls,
                    mean(cc),
                    PointChange.of(bc, cc, confidence, callBand),
                    bSeconds,
                    mean(cs),
                    PointChange.of(bs, cs, confidence, timeBand)));
        }
        rows.sort(Comparator.comparingDouble(
                        (WhyReport.SyscallRow r) -> -Math.abs(r.seconds().estimate()))
                .thenComparing(r -> -Math.abs(r.calls().estimate()))
                .thenComparing(WhyReport.SyscallRow::name));
        return rows;
    }

    private static double[] stat(List<ProfiledRun> runs, String name, Function<Syscalls.Stat, Double> f) {
        return runs.stream()
                .mapToDouble(r -> {
                    Syscalls.Stat s = r.syscalls().get(name);
                    return s == null ? 0 : f.apply(s);
                })
                .toArray();
    }

    private static double mean(double[] v) {
        return java.util.Arrays.stream(v).average().orElse(0);
    }

    /** The merged call tree of both variants, mean weight per run in points; small frames left out. */
    static WhyReport.FlameNode flame(List<ProfiledRun> base, List<ProfiledRun> cand, double scale, double minPoints) {
        Node root = new Node("all");
        add(root, base, scale, 0);
        add(root, cand, scale, 1);
        return root.freeze(minPoints);
    }

    private static void add(Node root, List<ProfiledRun> runs, double scale, int side) {
        if (runs.isEmpty()) {
            return;
        }
        double per = scale / runs.size();
        for (ProfiledRun r : runs) {
            // in key order: Map.copyOf iterates in an order that changes between JVMs, and so would the sums' last
            // digit
            new java.util.TreeMap<>(r.profile().stacks()).forEach((stack, weight) -> {
                double w = weight * per;
                Node n = root;
                n.w[side] += w;
                for (String frame : stack.split(";")) {
                    n = n.children.computeIfAbsent(frame, Node::new);
                    n.w[side] += w;
                }
            });
        }
    }

    private static final class Node {
        final String name;
        final double[] w = new double[2];
        final Map<String, Node> children = new HashMap<>();

        Node(String name) {
            this.name = name;
        }

        WhyReport.FlameNode freeze(double minPoints) {
            List<WhyReport.FlameNode> kids = children.values().stream()
                    .filter(c -> Math.max(c.w[0], c.w[1]) >= minPoints)
                    .sorted(Comparator.comparing(c -> c.name))
                    .map(c -> c.freeze(minPoints))
                    .toList();
            return new WhyReport.FlameNode(name, w[0], w[1], kids);
        }
    }
}
