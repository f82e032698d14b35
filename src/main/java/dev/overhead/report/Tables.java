package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.VariantSummary;
import dev.overhead.model.WorkloadResult;
import dev.overhead.report.Table.Align;
import dev.overhead.report.Table.Column;
import dev.overhead.stats.Comparison;
import dev.overhead.stats.Verdict;
import dev.overhead.verdicts.Highlights;
import dev.overhead.verdicts.SummaryFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tables of a report, their cells formatted once: the summary over workloads, one table per
 * workload and candidate, and the figures of a study that has nothing to compare. Every figure is
 * one the analysis computed: the comparison's own values, change and interval, and the spread from
 * the study's summaries.
 */
final class Tables {
    private final StudyResult study;
    private final Numbers num;
    private final Glyphs g;
    private final Names names;
    private final Shown shown;
    private final StudyFacts facts;
    boolean usedRatio;
    boolean usedSpread;
    boolean usedTicks;
    /** A summary row reads inconclusive* : decisive in its own table, not in the summary's family. */
    boolean usedFamilyMark;
    /** How many rows the summary's family correction was over (0: no summary). */
    int familySize;

    Tables(StudyResult study, Numbers num, Names names, Shown shown, StudyFacts facts) {
        this.study = study;
        this.num = num;
        this.g = num.glyphs();
        this.names = names;
        this.shown = shown;
        this.facts = facts;
    }

    /**
     * Workloads × candidates on each workload's primary metric, the other metrics that survive beside
     * a decisive primary, and the overall rows: with the verdicts of the summary as one family.
     */
    Digest.Overview overview(List<String> candidates) {
        List<List<String>> cells = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        boolean manyCandidates = candidates.size() > 1;
        boolean secondaries = false;
        String baseline = null;
        String lastWorkload = null;
        String lastCandidate = null;
        boolean firstOverall = true;
        for (SummaryFamily.Row shownRow : shown.summary(candidates, facts.confidence())) {
            ComparisonRow r = shownRow.row();
            familySize = shownRow.familySize();
            secondaries |= shownRow.secondary();
            baseline = r.baseline();
            String workloadCell;
            if (r.overall()) {
                workloadCell = firstOverall ? "geometric mean" : "";
                firstOverall = false;
                lastWorkload = null;
            } else {
                workloadCell = r.workload().equals(lastWorkload) ? "" : g.text(Labels.workload(workloadOf(r)));
                if (!r.workload().equals(lastWorkload)) {
                    lastCandidate = null;
                }
                lastWorkload = r.workload();
            }
            String candidateCell =
                    r.overall() || !r.candidate().equals(lastCandidate) ? names.shortName(r.candidate()) : "";
            lastCandidate = r.overall() ? null : r.candidate();
            List<String> row = overviewRow(workloadCell, candidateCell, r, manyCandidates);
            if (!Highlights.withinTicks(r)) {
                boolean demoted = shownRow.demoted();
                usedFamilyMark |= demoted;
                row.set(row.size() - 1, shownRow.verdict().word() + (demoted ? "*" : ""));
            }
            cells.add(row);
            verdicts.add(Highlights.withinTicks(r) ? null : shownRow.verdict());
        }
        if (cells.isEmpty()) {
            return null;
        }
        List<Column> columns = new ArrayList<>();
        columns.add(new Column("workload", Align.LEFT));
        if (manyCandidates) {
            columns.add(new Column("variant", Align.LEFT));
        }
        columns.add(new Column("metric", Align.LEFT));
        columns.add(new Column("change", Align.RIGHT));
        columns.add(new Column("interval", Align.RIGHT));
        columns.add(new Column("verdict", Align.LEFT));
        String title = "summary: each workload's primary metric"
                + (secondaries ? " (and others decisive after Holm)" : "")
                + (baseline == null ? "" : ", against " + names.shortName(baseline));
        return new Digest.Overview(g.text(title), new Table(columns, cells), verdicts);
    }

    private dev.overhead.model.Workload workloadOf(ComparisonRow r) {
        return study.workloads().stream()
                .filter(w -> w.name().equals(r.workload()))
                .findFirst()
                .orElseThrow()
                .workload();
    }

    private List<String> overviewRow(String workload, String candidate, ComparisonRow r, boolean withCandidate) {
        Comparison c = r.comparison();
        boolean ratio = ratio(c);
        List<String> row = new ArrayList<>();
        row.add(workload);
        if (withCandidate) {
            row.add(candidate);
        }
        row.add(g.text(Labels.metric(r.metric())));
        row.add(num.change(c.changePct(), ratio));
        row.add(num.interval(c.ciLowPct(), c.ciHighPct(), ratio));
        row.add(verdictWord(r));
        return row;
    }

    /** One candidate against its baseline on one workload, the notes going to {@code notes}. */
    Digest.Block block(WorkloadResult w, List<ComparisonRow> rows, Notes notes) {
        String baseline = rows.getFirst().baseline();
        String candidate = rows.getFirst().candidate();
        List<List<String>> cells = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (ComparisonRow r : rows) {
            Comparison c = r.comparison();
            String who = g.text(Labels.metric(r.metric()));
            notes.comparison(who, names.shortName(candidate), r);
            Scale scale = Scale.of(r.unit(), c.baselineValue(), g);
            boolean ratio = ratio(c);
            cells.add(List.of(
                    who,
                    g.text(scale.label()),
                    valueCell(c.baselineValue(), spread(w, baseline, r.metric()), scale),
                    valueCell(c.candidateValue(), spread(w, candidate, r.metric()), scale),
                    num.change(c.changePct(), ratio),
                    num.interval(c.ciLowPct(), c.ciHighPct(), ratio),
                    verdictWord(r)));
            verdicts.add(verdictOf(r));
        }
        Table table = new Table(
                List.of(
                        new Column("metric", Align.LEFT),
                        new Column("unit", Align.LEFT),
                        new Column(names.shortName(baseline), Align.RIGHT),
                        new Column(names.shortName(candidate), Align.RIGHT),
                        new Column("change", Align.RIGHT),
                        new Column("interval", Align.RIGHT),
                        new Column("verdict", Align.LEFT)),
                cells);
        return new Digest.Block(
                names.shortName(candidate), names.shortName(baseline), table, verdicts, Designs.columns(rows, num));
    }

    /** A workload with nothing to compare: each variant's mean and spread per metric, as summarised. */
    Table figures(WorkloadResult w) {
        List<String> metrics = shown.metrics(w);
        if (metrics.isEmpty() || w.variants().isEmpty()) {
            return null;
        }
        List<Column> columns =
                new ArrayList<>(List.of(new Column("metric", Align.LEFT), new Column("unit", Align.LEFT)));
        w.variants().forEach(v -> columns.add(new Column(names.shortName(v.name()), Align.RIGHT)));
        columns.add(new Column("runs", Align.RIGHT));
        List<List<String>> cells = new ArrayList<>();
        for (String metric : metrics) {
            Optional<VariantSummary> first =
                    study.summary(w.name(), w.variants().getFirst().name(), metric);
            if (first.isEmpty()) {
                continue;
            }
            String unit = Labels.spec(w, metric).map(m -> m.unit()).orElse("");
            Scale scale = Scale.of(unit, first.get().summary().mean(), g);
            List<String> row = new ArrayList<>(List.of(g.text(Labels.metric(metric)), g.text(scale.label())));
            int n = 0;
            for (VariantResult v : w.variants()) {
                Optional<VariantSummary> s = study.summary(w.name(), v.name(), metric);
                row.add(s.map(x -> valueCell(x.summary().mean(), spread(w, v.name(), metric), scale))
                        .orElse("n/a"));
                n = Math.max(n, s.map(x -> x.summary().n()).orElse(0));
            }
            row.add(String.valueOf(n));
            cells.add(row);
        }
        return cells.isEmpty() ? null : new Table(columns, cells);
    }

    private boolean ratio(Comparison c) {
        boolean r = Numbers.asRatio(c.changePct(), c.ciHighPct());
        usedRatio |= r;
        return r;
    }

    private String verdictWord(ComparisonRow r) {
        if (Highlights.withinTicks(r)) {
            usedTicks = true;
            return g.dash();
        }
        return r.comparison().verdict().word();
    }

    private static Verdict verdictOf(ComparisonRow r) {
        return Highlights.withinTicks(r) ? null : r.comparison().verdict();
    }

    private String valueCell(double value, Optional<Double> spreadPct, Scale scale) {
        String v = num.value(value * scale.factor());
        return spreadPct.map(s -> v + " " + g.pm() + num.plainPct(s)).orElse(v);
    }

    /** The relative standard deviation of a variant's runs, in percent, as the analysis summarised it. */
    private Optional<Double> spread(WorkloadResult w, String variant, String metric) {
        Optional<Double> cv = study.summary(w.name(), variant, metric)
                .filter(s -> s.summary().n() >= 2)
                .map(s -> Math.abs(s.summary().cv()) * 100)
                .filter(Double::isFinite);
        usedSpread |= cv.isPresent();
        return cv;
    }
}
