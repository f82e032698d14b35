package dev.overhead.verdicts;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.stats.ChangePoints;
import dev.overhead.stats.IntervalSteps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One comparison (workload × metric × candidate) across the studies of a label: the change with its
 * interval in each study, a series per machine, and where each series changed level
 * ({@link ChangePoints}, asv's step detection, on the ratio candidate/baseline weighted by the
 * inverse of its interval's width, as asv weights by its confidence intervals).
 */
public final class History {
    private History() {}

    /** A comparison the studies of a label have: what a history page is of. */
    public record Key(String workload, String metric, String candidate) {}

    /**
     * The change of one study, in percent, with its interval (null where the study has none), and the commit it
     * measured ("" where it recorded none: {@code run --commit}, or the git work tree it ran in).
     */
    public record Point(
            String study,
            String created,
            String kernel,
            String baseline,
            Double change,
            Double low,
            Double high,
            String verdict,
            String commit) {}

    /** Where one machine's series changed level: the study where the new level starts. */
    public record Step(int index, String study, double before, double after) {}

    public record Series(String machine, List<Point> points, List<Step> steps) {}

    /** {@code kernels} and {@code commits}: the categories of the x axes by kernel and by commit, oldest first. */
    public record Chart(
            String label, Key key, String unit, List<String> kernels, List<Series> series, List<String> commits) {}

    /** Every comparison the studies have, in the order they first appear (overall rows left out). */
    public static List<Key> keys(List<StudyResult> studies) {
        Set<Key> keys = new LinkedHashSet<>();
        for (StudyResult s : studies) {
            for (ComparisonRow c : s.comparisons()) {
                if (!c.overall()) {
                    keys.add(new Key(c.workload(), c.metric(), c.candidate()));
                }
            }
        }
        return List.copyOf(keys);
    }

    /** The history of one comparison over {@code studies} (one label, oldest first). */
    public static Chart of(String label, Key key, List<StudyResult> studies) {
        Map<String, List<Point>> byMachine = new LinkedHashMap<>();
        Set<String> kernels = new LinkedHashSet<>();
        Set<String> commits = new LinkedHashSet<>();
        String unit = "";
        for (StudyResult s : studies) {
            for (ComparisonRow c : s.comparisons()) {
                if (c.overall()
                        || !c.workload().equals(key.workload())
                        || !c.metric().equals(key.metric())
                        || !c.candidate().equals(key.candidate())) {
                    continue;
                }
                var cmp = c.comparison();
                String kernel = kernelOf(s);
                kernels.add(kernel);
                String commit = commitOf(s);
                commits.add(commit);
                unit = c.unit() == null ? "" : c.unit();
                byMachine
                        .computeIfAbsent(machineOf(s), m -> new ArrayList<>())
                        .add(new Point(
                                s.info().id(),
                                s.info().created() == null
                                        ? null
                                        : s.info().created().toString(),
                                kernel,
                                c.baseline(),
                                finite(cmp.changePct()),
                                finite(cmp.ciLowPct()),
                                finite(cmp.ciHighPct()),
                                cmp.verdict().word(),
                                commit));
            }
        }
        List<Series> series = new ArrayList<>();
        byMachine.forEach((machine, points) -> series.add(new Series(machine, points, steps(points))));
        return new Chart(label, key, unit, List.copyOf(kernels), series, List.copyOf(commits));
    }

    /**
     * The machine a study ran on: the environment's {@code machine} (the name a fleet agent gives,
     * {@code overhead agent --machine NAME}) or {@code hostname} where one is recorded, else the CPU
     * model and its count of CPUs, else "unknown machine" (an imported file).
     */
    public static String machineOf(StudyResult study) {
        Map<String, Object> env = study.environment();
        for (String key : List.of("machine", "hostname")) {
            if (env.get(key) instanceof String s && !s.isBlank()) {
                return s;
            }
        }
        if (env.get("cpu") instanceof Map<?, ?> cpu && cpu.get("model_name") instanceof String model) {
            Object cpus = cpu.get("logical_cpus");
            return model.strip() + (cpus == null ? "" : ", " + cpus + " CPUs");
        }
        return "unknown machine";
    }

    /** The kernel release a study ran on, or "" where none is recorded. */
    public static String kernelOf(StudyResult study) {
        if (study.environment().get("kernel") instanceof Map<?, ?> k && k.get("release") instanceof String r) {
            return r;
        }
        return "";
    }

    /** The commit a study measured, as it recorded it ({@code run --commit}); "" where it recorded none. */
    public static String commitOf(StudyResult study) {
        return study.environment().get("commit") instanceof String c ? c : "";
    }

    /** The value for the JSON: null where there is no number. */
    public static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** A study's interval is read as a 95% one (overhead's default confidence) to give its standard error. */
    private static final double Z95 = 1.959963984540054;

    /** The family-wise rate of false steps per series searched (IntervalSteps). */
    private static final double STEP_ALPHA = 0.01;

    /** Change points of a series; points without a finite change are left out of the fit. */
    public static List<Step> steps(List<Point> points) {
        List<Integer> index = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).change() != null) {
                index.add(i);
            }
        }
        double[] y = new double[index.size()];
        double[] w = new double[index.size()];
        for (int j = 0; j < y.length; j++) {
            Point p = points.get(index.get(j));
            y[j] = 1 + p.change() / 100;
            double width = p.high() == null || p.low() == null ? Double.NaN : (p.high() - p.low()) / 100;
            w[j] = Double.isFinite(width) && width > 0 ? 1 / width : Double.NaN; // NaN: the median weight
        }
        List<Step> out = new ArrayList<>();
        for (ChangePoints.Step s : ChangePoints.detect(y, w).steps()) {
            int i = index.get(s.index());
            out.add(new Step(i, points.get(i).study(), (s.before() - 1) * 100, (s.after() - 1) * 100));
        }
        // and the steps the studies' own intervals show over a few studies, which asv's fit lets pass
        double[] logs = new double[y.length];
        double[] se = new double[y.length];
        for (int j = 0; j < y.length; j++) {
            Point p = points.get(index.get(j));
            logs[j] = Math.log(y[j]);
            se[j] = p.high() == null || p.low() == null
                    ? Double.NaN
                    : (Math.log1p(p.high() / 100) - Math.log1p(p.low() / 100)) / (2 * Z95);
        }
        for (IntervalSteps.Step s : IntervalSteps.detect(logs, se, STEP_ALPHA)) {
            int i = index.get(s.index());
            if (out.stream().noneMatch(o -> o.index() == i)) {
                out.add(new Step(i, points.get(i).study(), Math.expm1(s.before()) * 100, Math.expm1(s.after()) * 100));
            }
        }
        out.sort(java.util.Comparator.comparingInt(Step::index));
        return out;
    }
}
