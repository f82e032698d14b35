package dev.overhead.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A fish completion script from the picocli model. Hand-written because picocli generates bash only
 * and no maintained library turns its model into fish's {@code complete} lines.
 */
final class FishCompletion {
    private FishCompletion() {}

    static String script(CommandSpec root) {
        String name = root.name();
        StringBuilder out = new StringBuilder();
        out.append("# fish completion for ")
                .append(name)
                .append(", generated from its command-line model (")
                .append(name)
                .append(" completion fish).\n");
        // Arguments are not files unless a command or option below says so.
        out.append("complete -c ").append(name).append(" -f\n");
        commands(out, name, root, List.of());
        return out.toString();
    }

    /** The subcommands of {@code spec} and, for each, its options; {@code path} is how fish got there. */
    private static void commands(StringBuilder out, String name, CommandSpec spec, List<String> path) {
        List<String> subs = new ArrayList<>();
        for (var e : spec.subcommands().entrySet()) {
            if (!e.getValue().getCommandSpec().usageMessage().hidden()) subs.add(e.getKey());
        }
        String here = path.isEmpty() ? "__fish_use_subcommand" : seen(path.getLast());
        String notYet = subs.isEmpty() ? "" : "; and not __fish_seen_subcommand_from " + String.join(" ", subs);
        for (String sub : subs) {
            CommandSpec s = spec.subcommands().get(sub).getCommandSpec();
            out.append("complete -c ")
                    .append(name)
                    .append(" -n ")
                    .append(quote(path.isEmpty() ? here : here + notYet))
                    .append(" -a ")
                    .append(quote(sub))
                    .append(" -d ")
                    .append(quote(summary(
                            s.usageMessage().header().length > 0
                                    ? s.usageMessage().header()
                                    : s.usageMessage().description())))
                    .append('\n');
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) continue;
            out.append("complete -c ").append(name);
            out.append(" -n ").append(quote(path.isEmpty() ? "__fish_use_subcommand" : here));
            for (String n : o.names()) {
                if (n.startsWith("--")) out.append(" -l ").append(n.substring(2));
                else if (n.length() == 2 && n.startsWith("-"))
                    out.append(" -s ").append(n.substring(1));
                else out.append(" -o ").append(n.substring(1));
            }
            if (o.arity().max() > 0) {
                if (isFile(o.type())) {
                    out.append(" -r -F");
                } else {
                    out.append(" -x");
                    if (o.completionCandidates() != null) {
                        List<String> values = new ArrayList<>();
                        o.completionCandidates().forEach(values::add);
                        out.append(" -a ").append(quote(String.join(" ", values)));
                    }
                }
            }
            out.append(" -d ").append(quote(summary(o.description()))).append('\n');
        }
        if (!path.isEmpty() && !spec.positionalParameters().isEmpty() && subs.isEmpty()) {
            // commands and result files are named by the user: let fish offer files for them
            out.append("complete -c ")
                    .append(name)
                    .append(" -n ")
                    .append(quote(here))
                    .append(" -F\n");
        }
        for (String sub : subs) {
            List<String> deeper = new ArrayList<>(path);
            deeper.add(sub);
            commands(out, name, spec.subcommands().get(sub).getCommandSpec(), deeper);
        }
    }

    private static String seen(String command) {
        return "__fish_seen_subcommand_from " + command;
    }

    private static boolean isFile(Class<?> type) {
        return type == Path.class || type == File.class;
    }

    /** The first line of a description, without the placeholders picocli fills in. */
    private static String summary(String[] description) {
        if (description == null || description.length == 0) return "";
        return description[0]
                .replace("%n", " ")
                .replaceAll("\\s*\\(default: [^)]*\\)", "")
                .strip();
    }

    /** A fish single-quoted word: only {@code \} and {@code '} need a backslash. */
    static String quote(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
