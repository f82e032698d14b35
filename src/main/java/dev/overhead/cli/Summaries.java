package dev.overhead.cli;

import java.util.Arrays;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * picocli lists a subcommand in the parent's help (and names it in its man page) by the first line of
 * its description, so a sentence written over two source lines was cut in the middle. This joins the
 * description's lines up to the end of the first sentence into one; picocli wraps it to the terminal
 * anyway, so a command's own help reads the same. Applied to the whole tree, so commands added later
 * are covered too.
 */
public final class Summaries implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
        join(spec);
        return spec;
    }

    private static void join(CommandSpec spec) {
        String[] lines = spec.usageMessage().description();
        int end = 0;
        while (end < lines.length - 1 && !endsSentence(lines[end])) end++;
        if (end > 0 && endsSentence(lines[end])) {
            String first = String.join(
                    " ", Arrays.stream(lines, 0, end + 1).map(String::strip).toList());
            String[] joined = new String[lines.length - end];
            joined[0] = first;
            System.arraycopy(lines, end + 1, joined, 1, lines.length - end - 1);
            spec.usageMessage().description(joined);
        }
        for (var sub : spec.subcommands().values()) join(sub.getCommandSpec());
    }

    private static boolean endsSentence(String line) {
        String s = line.strip();
        return s.endsWith(".") || s.endsWith("!") || s.endsWith("?") || s.endsWith(".)");
    }
}
