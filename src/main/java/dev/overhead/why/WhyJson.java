package dev.overhead.why;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.overhead.stats.PointChange;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report as JSON, snake_case like the study JSON; every row, not only those the text shows (pure). */
public final class WhyJson {
    private WhyJson() {}

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public static String render(List<WhyReport> reports) {
        try {
            return MAPPER.writeValueAsString(
                            Map.of("why", reports.stream().map(WhyJson::report).toList())) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the why report could not be written as JSON", e);
        }
    }

    static Map<String, Object> report(WhyReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", r.workload());
        m.put("command", r.command());
        m.put("event", r.event());
        m.put("unit", r.unit());
        m.put("frequency_hz", r.frequency());
        m.put("call_graph", r.callGraph());
        m.put("syscall_tool", r.syscallTool());
        m.put("rounds", r.rounds());
        m.put("variants", r.variants());
        m.put("baseline", r.baseline());
        m.put("profile_directory", r.directory());
        m.put("comparisons", r.diffs().stream().map(WhyJson::diff).toList());
        m.put("notes", r.notes());
        return m;
    }

    static Map<String, Object> diff(WhyReport.Diff d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("candidate", d.candidate());
        m.put("total_change_pct", change(d.total()));
        m.put("wall_change_pct", change(d.wall()));
        m.put("baseline_total_per_run", d.baselineTotalMean());
        m.put("candidate_total_per_run", d.candidateTotalMean());
        m.put("baseline_samples", d.baselineSamples());
        m.put("candidate_samples", d.candidateSamples());
        m.put("symbols", d.symbols().stream().map(WhyJson::row).toList());
        m.put("dsos", d.dsos().stream().map(WhyJson::row).toList());
        m.put("modes", d.modes().stream().map(WhyJson::row).toList());
        m.put("syscalls", d.syscalls().stream().map(WhyJson::syscall).toList());
        m.put("flame", flame(d.flame()));
        return m;
    }

    static Map<String, Object> row(WhyReport.Row r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("key", r.key());
        m.put("symbol", r.symbol());
        m.put("dso", r.dso());
        m.put("kernel", r.kernel());
        m.put("baseline_share_pct", r.baselineSharePct());
        m.put("candidate_share_pct", r.candidateSharePct());
        m.put("baseline_shares_pct", r.baselineShares());
        m.put("candidate_shares_pct", r.candidateShares());
        m.put("change_points", change(r.change()));
        if (r.only() != null) {
            m.put("only_in", r.only());
        }
        return m;
    }

    static Map<String, Object> syscall(WhyReport.SyscallRow r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("baseline_calls_per_run", r.baselineCalls());
        m.put("candidate_calls_per_run", r.candidateCalls());
        m.put("calls_change", change(r.calls()));
        m.put("baseline_seconds_per_run", r.baselineSeconds());
        m.put("candidate_seconds_per_run", r.candidateSeconds());
        m.put("seconds_change", change(r.seconds()));
        return m;
    }

    static Map<String, Object> change(PointChange c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("estimate", c.estimate());
        m.put("ci_low", finite(c.low()));
        m.put("ci_high", finite(c.high()));
        m.put("p_value", c.pValue());
        m.put("confidence", c.confidence());
        m.put("verdict", c.verdict().word());
        return m;
    }

    static Map<String, Object> flame(WhyReport.FlameNode n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", n.name());
        m.put("baseline", n.baseline());
        m.put("candidate", n.candidate());
        if (!n.children().isEmpty()) {
            m.put("children", n.children().stream().map(WhyJson::flame).toList());
        }
        return m;
    }

    /** JSON has no infinity: an unbounded end is null. */
    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
