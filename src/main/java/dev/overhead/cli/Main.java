package dev.overhead.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The entry point is a function (STYLE.md §11): {@code (args, out, err) -> exit code}. */
@Command(name = "overhead", mixinStandardHelpOptions = true, versionProvider = Version.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = "Measures what a change costs in performance and says whether the cost is real.",
        subcommands = {
            RunCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            ListCommand.class,
            ShowCommand.class,
            ResumeCommand.class,
            ImportCommand.class,
            DemoCommand.class,
            SizeCommand.class,
            EnvCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        boolean debug = Arrays.asList(args).contains("--debug");
        String[] rest = Arrays.stream(args).filter(a -> !a.equals("--debug")).toArray(String[]::new);
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new Errors(debug));
        cli.setParameterExceptionHandler(Errors::onParameterException);
        int code = cli.execute(rest);
        out.flush();
        err.flush();
        return code;
    }
}
