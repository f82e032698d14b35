package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The lazy command tree (LazyTree: only the invoked subcommand is built, for start-up) behaves exactly as
 * the whole tree did: the same help, errors, version and exit codes for every subcommand, and every
 * subcommand of {@link Main} is reachable through it.
 */
class LazyTreeTest {
    private record Outcome(int code, String out, String err) {}

    private static Outcome run(List<String> args, boolean lazy) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = lazy
                ? Main.run(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err))
                : Main.run(
                        args.toArray(String[]::new),
                        new PrintWriter(out),
                        new PrintWriter(err),
                        a -> new CommandLine(new Main()));
        return new Outcome(code, out.toString(), err.toString());
    }

    private static Map<String, CommandLine> wholeTree() {
        return new CommandLine(new Main()).getSubcommands();
    }

    @Test
    void everySubcommandOfMainIsFoundWithoutTheWholeTree() {
        for (var e : wholeTree().entrySet()) {
            String name = e.getKey();
            Class<?> expected = e.getValue().getCommand().getClass();
            if (name.equals("help") || name.equals("completion")) { // they read the whole tree
                assertThat(LazyTree.subcommand(name)).as(name).isNull();
            } else {
                assertThat(LazyTree.subcommand(name))
                        .as("LazyTree.subcommand(\"%s\"): add the new command to its switch", name)
                        .isEqualTo(expected);
            }
        }
        assertThat(LazyTree.subcommand("no-such-command")).isNull();
    }

    @Test
    void aSubcommandBuildsOnlyItself() {
        CommandLine tree = LazyTree.commandLine(List.of("compare", "x.csv"));
        assertThat(tree.getSubcommands()).containsOnlyKeys("compare");
        assertThat(LazyTree.commandLine(List.of("--version")).getSubcommands()).isEmpty();
        assertThat(LazyTree.commandLine(List.of("help", "compare")).getSubcommands())
                .containsOnlyKeys(wholeTree().keySet());
        assertThat(LazyTree.commandLine(List.of()).getSubcommands())
                .containsOnlyKeys(wholeTree().keySet());
    }

    @Test
    void helpErrorsAndVersionAreTheWholeTreesForEveryCommand() {
        List<List<String>> cases = new ArrayList<>(List.of(
                List.of(),
                List.of("--version"),
                List.of("-V"),
                List.of("-h"),
                List.of("--help"),
                List.of("help"),
                List.of("help", "compare"),
                List.of("no-such-command"),
                List.of("compar"),
                List.of("--no-such-option"),
                List.of("compare"),
                List.of("compare", "--confidence", "two"),
                List.of("report", "--store")));
        for (var e : wholeTree().entrySet()) {
            String name = e.getKey();
            // (help NAME builds the whole tree either way)
            cases.add(List.of(name, "--help"));
            cases.add(List.of(name, "--version"));
            cases.add(List.of(name, "--no-such-option"));
            for (String sub : e.getValue().getSubcommands().keySet()) {
                cases.add(List.of(name, sub, "--help"));
                cases.add(List.of(name, sub, "--no-such-option"));
            }
        }
        for (List<String> args : cases) {
            Outcome whole = run(args, false);
            assertThat(run(args, true))
                    .as("overhead %s", String.join(" ", args))
                    .isEqualTo(whole);
        }
        // and the version is really there, where it is asked for
        assertThat(run(List.of("compare", "--version"), true).out()).startsWith("overhead ");
        assertThat(run(List.of("--version"), true).out())
                .startsWith("overhead ")
                .contains("Java ");
    }
}
