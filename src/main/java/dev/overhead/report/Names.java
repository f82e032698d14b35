package dev.overhead.report;

import dev.overhead.model.StudyResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names tables give variants: their own where every one is short, else letters (A, B, C…) with
 * a legend, so that {@code HARDENED_ATOMIC disabled} never has to be cut to fit a column.
 */
final class Names {
    /** The widest name a column header holds without widening much past a value cell ({@code 9766381 ±1.8%}). */
    static final int MAX = 14;

    private final Map<String, String> shortNames;
    private final boolean abbreviated;

    private Names(Map<String, String> shortNames, boolean abbreviated) {
        this.shortNames = shortNames;
        this.abbreviated = abbreviated;
    }

    static Names of(StudyResult study, Glyphs g) {
        List<String> all = new ArrayList<>(study.variantNames());
        study.comparisons().forEach(r -> {
            if (!all.contains(r.baseline())) {
                all.add(r.baseline());
            }
            if (!all.contains(r.candidate())) {
                all.add(r.candidate());
            }
        });
        boolean abbreviate = all.stream().anyMatch(n -> Glyphs.width(g.text(n)) > MAX);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            out.put(all.get(i), abbreviate ? letter(i) : g.text(all.get(i)));
        }
        return new Names(out, abbreviate);
    }

    private static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "V" + (i + 1);
    }

    String shortName(String variant) {
        return shortNames.getOrDefault(variant, variant);
    }

    /** Letter and full name of every variant, the baselines marked; empty where names are shown in full. */
    List<Map.Entry<String, String>> legend(Set<String> baselines) {
        if (!abbreviated) {
            return List.of();
        }
        List<Map.Entry<String, String>> out = new ArrayList<>();
        shortNames.forEach(
                (name, letter) -> out.add(Map.entry(letter, name + (baselines.contains(name) ? " (baseline)" : ""))));
        return out;
    }
}
