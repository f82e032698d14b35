package dev.overhead.plan;

import dev.overhead.model.Variant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads {@code -V 'NAME: [KEY=VALUE ...] [PREFIX ...]'} (docs/cli.md, "Variant specs"): what one would type in
 * front of the command in a shell, with a name in front. Leading assignments become environment
 * variables set directly on the command; the remaining words are a wrapper put before it.
 */
public final class VariantSpec {
    private VariantSpec() {}

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.+-]*");
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(.*)", Pattern.DOTALL);

    /** Whether {@code name} may name a variant: letters, digits and {@code _ . + -}. */
    public static boolean validName(String name) {
        return NAME.matcher(name).matches();
    }

    /**
     * @throws SpecException with one sentence naming the spec and what to write
     */
    public static Variant parse(String spec) {
        int colon = spec.indexOf(':');
        String name = colon < 0 ? "" : spec.substring(0, colon).strip();
        if (colon < 0 || name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new SpecException("-V '" + spec + "' has no name: write -V 'NAME: ...', for example -V '"
                    + "hardened: LD_PRELOAD=/usr/lib/libhardened_malloc.so'.");
        }
        if (!NAME.matcher(name).matches()) {
            throw new SpecException("-V '" + spec + "' has the name '" + name
                    + "': a variant name is letters, digits and _ . + - (for example glibc or hardened-2).");
        }
        List<String> words;
        try {
            words = ShellWords.split(spec.substring(colon + 1));
        } catch (SpecException e) {
            throw new SpecException("-V '" + spec + "' cannot be split into words: " + e.getMessage());
        }
        Map<String, String> env = new LinkedHashMap<>();
        int i = 0;
        for (; i < words.size(); i++) {
            var m = ASSIGNMENT.matcher(words.get(i));
            if (!m.matches()) {
                break;
            }
            env.put(m.group(1), m.group(2)); // a later assignment wins, as in a shell
        }
        List<String> prefix = words.subList(i, words.size());
        if (!prefix.isEmpty() && looksLikeBadAssignment(prefix.getFirst())) {
            String word = prefix.getFirst();
            throw new SpecException("-V '" + spec + "': '" + word.substring(0, word.indexOf('='))
                    + "' is not a valid environment variable name (letters, digits and _, not starting with a digit).");
        }
        return new Variant(name, env, prefix, List.of(), List.of());
    }

    // "MY-VAR=1" was meant as an assignment; a wrapper's path ("/opt/x=y/run") is left alone.
    private static boolean looksLikeBadAssignment(String word) {
        int eq = word.indexOf('=');
        return eq > 0 && word.lastIndexOf('/', eq) < 0 && !word.startsWith("-");
    }

    /** The spec that {@link #parse} reads back into {@code v} (without setup and cleanup). */
    public static String format(Variant v) {
        StringBuilder out = new StringBuilder(v.name()).append(':');
        v.env().forEach((k, val) -> out.append(' ').append(k).append('=').append(ShellWords.quote(val)));
        if (!v.prefix().isEmpty()) {
            out.append(' ').append(ShellWords.join(v.prefix()));
        }
        return out.toString();
    }
}
