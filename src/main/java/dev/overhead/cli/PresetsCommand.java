package dev.overhead.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overhead.plan.Preset;
import dev.overhead.plan.VariantSpec;
import dev.overhead.study.LivePresets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code overhead presets}: the named variants, which can be used here, and why the others cannot. */
@Command(
        name = "presets",
        description = {
            "Lists the variant presets (allocators, glibc tunables, wrappers): available here, or why not.",
            "  overhead run -V glibc: -V preset:jemalloc -V 'checked: preset:malloc-check' -- make -j4"
        })
final class PresetsCommand implements Callable<Integer> {

    @Mixin
    ListingFormat listing;

    @Override
    public Integer call() throws JsonProcessingException {
        List<Preset> presets = LivePresets.presets().all();
        return listing.print(() -> json(presets), () -> text(presets));
    }

    static String text(List<Preset> presets) {
        int width = presets.stream().mapToInt(p -> p.name().length()).max().orElse(4);
        StringBuilder out = new StringBuilder();
        String kind = null;
        for (Preset p : presets) {
            if (!p.kind().equals(kind)) {
                kind = p.kind();
                out.append(kind.equals("glibc") ? "glibc tunables" : kind + "s").append(":\n");
            }
            out.append(String.format(
                    "  %-" + width + "s  %-9s  %s%n", p.name(), p.available() ? "available" : "no", p.description()));
            String indent = " ".repeat(width + 15);
            String sets = VariantSpec.format(p.variant(p.name()));
            out.append(indent)
                    .append(p.available() ? "-V '" + sets + "'" : "not here: " + p.unavailable())
                    .append('\n');
        }
        out.append("Use one with -V preset:NAME, or -V 'LABEL: preset:NAME [KEY=VALUE ...]'; in a plan,"
                + " variants: [{name: N, preset: NAME}].\n");
        return out.toString();
    }

    static String json(List<Preset> presets) throws JsonProcessingException {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Preset p : presets) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", p.name());
            m.put("kind", p.kind());
            m.put("description", p.description());
            m.put("env", p.env());
            m.put("prefix", p.prefix());
            m.put("available", p.available());
            m.put("reason", p.unavailable());
            list.add(m);
        }
        return ListingFormat.json(list);
    }
}
