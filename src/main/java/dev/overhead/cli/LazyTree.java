package dev.overhead.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command tree for one invocation (docs/performance.md, "Start-up"). picocli builds the model of a
 * command by reflecting over all its options; {@code new CommandLine(new Main())} does that for every
 * subcommand, most of the start-up CPU of a short command like {@code compare} or {@code --version}. When
 * the first argument names a subcommand, only that one is built, under a root that is {@link Main}
 * without its subcommands; help that lists commands ({@code overhead}, {@code -h}, {@code help}), the
 * completion scripts and anything picocli could answer with suggestions get the whole tree, as before.
 * {@code --version} gets the root alone. Every option is defined once, by its annotation.
 */
final class LazyTree {
    private LazyTree() {}

    /** The root of a lazy tree: {@link Main}'s attributes, without the subcommands. */
    @Command(
            name = "overhead",
            mixinStandardHelpOptions = true,
            versionProvider = Version.class,
            modelTransformer = Summaries.class,
            scope = CommandLine.ScopeType.INHERIT,
            description = Main.DESCRIPTION)
    static final class Root {}

    static CommandLine commandLine(List<String> args) {
        if (args.size() == 1 && (args.get(0).equals("--version") || args.get(0).equals("-V"))) {
            return new CommandLine(new Root());
        }
        Class<?> only = args.isEmpty() ? null : subcommand(args.get(0));
        if (only == null) {
            return new CommandLine(new Main());
        }
        CommandLine root = new CommandLine(new Root());
        CommandLine sub = new CommandLine(only);
        // The root's model transformer ran before the subcommand was there; the whole tree's runs after.
        new Summaries().transform(sub.getCommandSpec());
        root.addSubcommand(sub);
        return root;
    }

    /**
     * Main's subcommand of this name, without reading every subcommand's annotation (which was a tenth of
     * {@code compare}'s start-up); {@code LazyTreeTest} checks that it agrees with {@link Main}'s list. A
     * command missing here still works, with the whole tree.
     */
    static Class<?> subcommand(String name) {
        return switch (name) {
            case "run" -> RunCommand.class;
            case "compare" -> CompareCommand.class;
            case "report" -> ReportCommand.class;
            case "list" -> ListCommand.class;
            case "show" -> ShowCommand.class;
            case "resume" -> ResumeCommand.class;
            case "boot-unit" -> BootUnit.class;
            case "import" -> ImportCommand.class;
            case "demo" -> DemoCommand.class;
            case "size" -> SizeCommand.class;
            case "env" -> EnvCommand.class;
            case "profiles" -> ProfilesCommand.class;
            case "presets" -> PresetsCommand.class;
            case "why" -> WhyCommand.class;
            case "delete" -> DeleteCommand.class;
            case "prune" -> PruneCommand.class;
            case "bisect" -> BisectCommand.class;
            case "store" -> StoreCommand.class;
            case "export-all" -> ExportAllCommand.class;
            case "serve" -> ServeCommand.class;
            case "submit" -> SubmitCommand.class;
            case "agent" -> AgentCommand.class;
            case "queue" -> QueueCommand.class;
            default -> null; // help, completion (they read the whole tree), or not a command
        };
    }
}
