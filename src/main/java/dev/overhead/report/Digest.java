package dev.overhead.report;

import dev.overhead.model.ComparisonRow;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the human formats say, formatted once and shared by text, Markdown and HTML so they cannot
 * drift apart: the study's facts, the variants' short names, the summary over workloads and the same
 * read out in plain words, one table
 * per workload and candidate with the workload's notes, the variants, the exact commands, the
 * environment, the study's warnings and the legend. It shows what the analysis computed and
 * computes no statistics of its own.
 */
record Digest(
        List<String> facts,
        String options,
        List<Map.Entry<String, String>> variants,
        Overview overview,
        String plainWords,
        List<Section> sections,
        List<String> variantSpecs,
        List<Command> commands,
        List<Map.Entry<String, String>> environment,
        List<String> warnings,
        List<String> legend) {

    /**
     * The cross-workload summary: each workload's primary metric for every candidate, then the
     * metrics whose verdict survives Holm's correction; {@code verdicts} has one entry per row, null
     * where the row gives none; {@code rows} the comparison behind each row and {@code secondary}
     * whether it is one of those other metrics (the text report lists them apart, in a line per
     * candidate, so that the verdicts fit one screen); {@code withCandidate} whether the table has a
     * variant column.
     */
    record Overview(
            String title,
            Table table,
            List<Verdict> verdicts,
            List<ComparisonRow> rows,
            List<Boolean> secondary,
            boolean withCandidate) {}

    /**
     * One comparison table (its last column the verdict); {@code verdicts} as in {@link Overview};
     * {@code design} the columns the HTML adds for comparisons over builds or boots, row by row
     * ({@link Designs#columns}), else null.
     */
    record Block(String candidate, String baseline, Table table, List<Verdict> verdicts, Table design) {}

    /**
     * One workload: its comparison blocks, or (a study of one variant) its figures alone, and its
     * notes, each naming the metrics it concerns.
     */
    record Section(
            String workload, String command, String runs, List<Block> blocks, Table figures, List<String> notes) {}

    record Command(String workload, String variant, String line) {}

    static Digest of(StudyResult study, RenderOptions options) {
        Numbers num = Numbers.of(options);
        Glyphs g = num.glyphs();
        StudyFacts sf = StudyFacts.of(study);
        Shown shown = new Shown(study, options, sf);
        Names names = Names.of(study, g);
        Tables tables = new Tables(study, num, names, shown, sf);

        List<String> facts = new ArrayList<>();
        String label = study.info().label() == null || study.info().label().isBlank()
                ? study.info().id()
                : study.info().label();
        facts.add(g.text("study " + label
                + (label.equals(study.info().id()) ? "" : " (id " + study.info().id() + ")")
                + (sf.created().isEmpty() ? "" : ", " + sf.created())));
        facts.add("confidence " + num.plainPct(sf.confidence() * 100) + ", threshold " + g.pm()
                + num.plainPct(sf.thresholdPct()) + ", " + g.text(shown.primaryFact()));
        String optionsFact = sf.options().isEmpty() ? "" : g.text("options: " + sf.options());
        if (study.comparisons().isEmpty() && study.variantNames().size() == 1) {
            facts.add(g.text(
                    "one variant (" + study.variantNames().getFirst() + "): nothing to compare; its figures follow"));
        }

        List<Section> sections = new ArrayList<>();
        List<Command> commands = new ArrayList<>();
        String level = Designs.level(study);
        for (WorkloadResult w : study.workloads()) {
            List<Block> blocks = new ArrayList<>();
            Notes notes = new Notes(g, candidates(study).size() > 1);
            for (String candidate : candidates(study)) {
                List<ComparisonRow> rows = shown.rows(w, candidate);
                if (!rows.isEmpty()) {
                    blocks.add(tables.block(w, rows, notes));
                }
            }
            notes.hidden(shown.hidden(w));
            String runs = String.join(
                    ", ",
                    w.variants().stream()
                            .map(v -> names.shortName(v.name()) + " " + v.runs().size() + Designs.runsOver(level, v))
                            .toList());
            String stopped = StopWords.of(w.stop(), study.info().settings());
            if (stopped != null) { // the true reason the runs ended
                runs += "; " + g.text(stopped);
            }
            Table figures = blocks.isEmpty() ? tables.figures(w) : null;
            sections.add(new Section(
                    g.text(Labels.workload(w.workload())),
                    g.text(Labels.argv(w.workload().command())),
                    runs,
                    blocks,
                    figures,
                    notes.lines()));
            for (VariantResult v : w.variants()) {
                String line = Labels.commandLine(w.workload(), v.variant());
                if (!line.isBlank()) { // results read from another tool may not say what ran
                    commands.add(new Command(g.text(Labels.workload(w.workload())), g.text(v.name()), g.text(line)));
                }
            }
        }
        List<String> specs = commands.isEmpty()
                ? List.of()
                : study.workloads().stream()
                        .flatMap(w -> w.variants().stream())
                        .map(VariantResult::variant)
                        .map(v -> Labels.variantSpec(v, study.info().settings().levels()))
                        .distinct()
                        .map(g::text)
                        .toList();
        List<Map.Entry<String, String>> env = EnvironmentSummary.of(study.environment()).stream()
                .map(e -> Map.entry(g.text(e.getKey()), g.text(e.getValue())))
                .toList();
        Overview overview = tables.overview(candidates(study));
        List<String> legend = new ArrayList<>(Legend.sentences(study, sf, num, tables, overview != null));
        String design = Designs.sentence(study);
        if (design != null) {
            legend.add(g.text(design));
        }
        return new Digest(
                facts,
                optionsFact,
                names.legend(baselines(study)),
                overview,
                PlainWords.paragraph(overview, g.pm() + num.plainPct(sf.thresholdPct()), g),
                sections,
                specs,
                commands,
                env,
                study.warnings().stream().map(g::text).toList(),
                List.copyOf(legend));
    }

    /** Variants compared with a baseline somewhere, in the order they were declared. */
    static List<String> candidates(StudyResult study) {
        Set<String> seen = new LinkedHashSet<>();
        study.variantNames().stream()
                .filter(v ->
                        study.comparisons().stream().anyMatch(r -> r.candidate().equals(v)))
                .forEach(seen::add);
        study.comparisons().forEach(r -> seen.add(r.candidate()));
        return List.copyOf(seen);
    }

    static Set<String> baselines(StudyResult study) {
        Set<String> out = new LinkedHashSet<>();
        study.comparisons().forEach(r -> out.add(r.baseline()));
        return out;
    }

    static List<ComparisonRow> rows(StudyResult study, String workload, String candidate) {
        return study.comparisons().stream()
                .filter(r -> !r.overall()
                        && r.workload().equals(workload)
                        && r.candidate().equals(candidate))
                .toList();
    }
}
