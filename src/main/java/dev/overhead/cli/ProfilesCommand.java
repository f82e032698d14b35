package dev.overhead.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overhead.model.MetricSpec;
import dev.overhead.plan.Profile;
import dev.overhead.study.ProfileWorkloads;
import dev.overhead.sysinfo.Programs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code overhead profiles}: the known workloads, whether their program is here, and its package. */
@Command(
        name = "profiles",
        description = {
            "Lists the workload profiles: installed here, or the package that provides the program.",
            "  overhead run --workload hackbench:groups=5 -V glibc: -V preset:jemalloc",
            "Your own go in $XDG_CONFIG_HOME/overhead/profiles/NAME.yaml (default ~/.config/...)."
        })
final class ProfilesCommand implements Callable<Integer> {

    @Mixin
    ListingFormat listing;

    @Override
    public Integer call() throws JsonProcessingException {
        List<Profile> profiles = List.copyOf(ProfileWorkloads.load().all());
        return listing.print(() -> json(profiles), () -> text(profiles));
    }

    static String status(Profile p) {
        return Programs.installed(p.program()) ? "installed" : p.installCommand();
    }

    static String text(List<Profile> profiles) {
        int nameWidth = profiles.stream().mapToInt(p -> p.name().length()).max().orElse(4);
        int statusWidth =
                profiles.stream().mapToInt(p -> status(p).length()).max().orElse(9);
        StringBuilder out = new StringBuilder();
        for (Profile p : profiles) {
            out.append(String.format(
                    "%-" + nameWidth + "s  %-" + statusWidth + "s  %s%n", p.name(), status(p), p.description()));
            String indent = " ".repeat(nameWidth + 2);
            List<String> facts = new ArrayList<>();
            facts.add("judged on " + p.primary() + metricNote(p));
            if (!p.defaults().isEmpty()) {
                List<String> params = new ArrayList<>();
                p.defaults().forEach((k, v) -> params.add(k + "=" + v));
                facts.add("parameters " + String.join(",", params));
            }
            out.append(indent).append(String.join("; ", facts)).append('\n');
            out.append(indent).append(String.join(" ", p.command())).append('\n');
        }
        out.append("Use one with: overhead run --workload NAME[:KEY=VALUE,...] [-V SPEC ...]\n");
        return out.toString();
    }

    private static String metricNote(Profile p) {
        return p.metrics().stream()
                .filter(m -> m.name().equals(p.primary()))
                .findFirst()
                .map(m -> " (" + m.better().word() + " is better" + (m.unit().isEmpty() ? "" : ", " + m.unit()) + ")")
                .orElse("");
    }

    static String json(List<Profile> profiles) throws JsonProcessingException {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Profile p : profiles) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("description", p.description());
            m.put("program", p.program());
            m.put("package", p.packageName());
            m.put("installed", Programs.installed(p.program()));
            m.put("install", p.installCommand());
            m.put("command", p.command());
            m.put("parameters", p.defaults());
            m.put("primary", p.primary());
            List<Map<String, Object>> metrics = new ArrayList<>();
            for (MetricSpec s : p.metrics()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("name", s.name());
                x.put("better", s.better().word());
                x.put("unit", s.unit());
                x.put("regex", s.regex());
                metrics.add(x);
            }
            m.put("metrics", metrics);
            m.put("source", p.source());
            list.add(m);
        }
        return ListingFormat.json(list);
    }
}
