package dev.overhead.plan;

import dev.overhead.plan.YamlTree.Entry;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Place;
import dev.overhead.plan.YamlTree.Scalar;
import dev.overhead.plan.YamlTree.Seq;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Typed reads from a located YAML tree, each refusing with the file, line and column of the node
 * at fault. Shared by the readers of the parts of a plan.
 */
final class PlanNodes {
    static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Path file;

    PlanNodes(Path file) {
        this.file = file;
    }

    PlanException fail(Place place, String problem) {
        return new PlanException(file, place.line(), place.column(), problem, null);
    }

    PlanException fail(YamlTree node, String problem) {
        return fail(node.place(), problem);
    }

    Mapping mapping(YamlTree node, String what, String example) throws PlanException {
        if (node instanceof Mapping m) {
            return m;
        }
        throw fail(node, what + " must be a mapping like " + example + ", not " + node.kind());
    }

    /** Refuses keys not in {@code known}, naming the ones that are. */
    void onlyKnownKeys(Mapping m, String context, List<String> known) throws PlanException {
        for (Entry e : m.entries().values()) {
            if (!known.contains(e.key())) {
                throw fail(
                        e.keyPlace(),
                        "unknown key '" + e.key() + "' in " + context + " (known: " + String.join(", ", known) + ")");
            }
        }
    }

    /** The value under {@code key}, or null where it is absent or written empty. */
    static YamlTree optional(Mapping m, String key) {
        Entry e = m.entries().get(key);
        if (e == null || (e.value() instanceof Scalar s && s.isNull())) {
            return null;
        }
        return e.value();
    }

    YamlTree required(Mapping m, String key, String context, String hint) throws PlanException {
        YamlTree node = optional(m, key);
        if (node == null) {
            Entry e = m.entries().get(key);
            throw fail(e != null ? e.keyPlace() : m.place(), context + " has no '" + key + "': " + hint);
        }
        return node;
    }

    /** Any scalar, as text: {@code 4096} and {@code "4096"} are both the word 4096. */
    String text(YamlTree node, String what) throws PlanException {
        if (node instanceof Scalar s && !s.isNull()) {
            return s.text();
        }
        throw fail(node, what + " must be a single value, not " + node.kind());
    }

    int count(YamlTree node, String what, int min) throws PlanException {
        String t = text(node, what);
        try {
            int n = Integer.parseInt(t.strip());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the sentence below
        }
        throw fail(node, what + " must be a whole number of at least " + min + ", not '" + t + "'");
    }

    boolean bool(YamlTree node, String what) throws PlanException {
        if (node instanceof Scalar s && (s.text().equals("true") || s.text().equals("false"))) {
            return Boolean.parseBoolean(s.text());
        }
        throw fail(node, what + " must be true or false, not " + describe(node));
    }

    /** A parse by one of the shared readers (durations, percentages), its refusal placed at the node. */
    <T> T parsed(YamlTree node, String what, java.util.function.Function<String, T> parser) throws PlanException {
        String t = text(node, what);
        try {
            return parser.apply(t);
        } catch (SpecException e) {
            throw fail(node, what + ": " + e.getMessage());
        }
    }

    /**
     * A command's words: a list of values, or one string split by shell quoting rules (or, when
     * {@code viaShell}, handed whole to {@code /bin/sh -c}).
     */
    List<String> words(YamlTree node, String what, boolean viaShell) throws PlanException {
        if (node instanceof Seq seq) {
            List<String> out = new ArrayList<>();
            for (YamlTree item : seq.items()) {
                out.add(text(item, "each word of " + what));
            }
            if (out.isEmpty()) {
                throw fail(node, what + " is an empty list: give the command's words");
            }
            return out;
        }
        String t = text(node, what + " (a list of words or a string)");
        if (viaShell) {
            return List.of("/bin/sh", "-c", t);
        }
        try {
            List<String> out = ShellWords.split(t);
            if (out.isEmpty()) {
                throw fail(node, what + " is empty: give the command's words");
            }
            return out;
        } catch (SpecException e) {
            throw fail(node, what + ": " + e.getMessage());
        }
    }

    /** A mapping of identifiers to single values (environment variables). */
    Map<String, String> env(YamlTree node, String what) throws PlanException {
        Mapping m = mapping(node, what, "{NAME: value}");
        Map<String, String> out = new LinkedHashMap<>();
        for (Entry e : m.entries().values()) {
            if (!IDENTIFIER.matcher(e.key()).matches()) {
                throw fail(
                        e.keyPlace(),
                        "'" + e.key() + "' in " + what
                                + " is not a valid environment variable name (letters, digits and _, not starting with a digit)");
            }
            out.put(
                    e.key(),
                    e.value() instanceof Scalar s && s.isNull() ? "" : text(e.value(), e.key() + " in " + what));
        }
        return out;
    }

    static String describe(YamlTree node) {
        return node instanceof Scalar s && !s.isNull() ? "'" + s.text() + "'" : node.kind();
    }
}
