package dev.overhead.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The entry point is a function (STYLE.md §11): {@code (args, out, err) -> exit code}. */
@Command(
        name = "overhead",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
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
        // The JVM decoded the arguments with the locale's charset, losing bytes that are not text.
        System.exit(run(
                dev.overhead.exec.ArgBytes.exactArgs(args),
                new PrintWriter(System.out, true),
                new PrintWriter(System.err, true)));
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        // --debug is overhead's own anywhere before "--"; after it, it belongs to the measured command
        int end = Arrays.asList(args).indexOf("--");
        List<String> rest = new ArrayList<>();
        boolean debug = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--debug") && (end < 0 || i < end)) {
                debug = true;
            } else {
                rest.add(args[i]);
            }
        }
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new Errors(debug));
        cli.setParameterExceptionHandler(Errors::onParameterException);
        int code = cli.execute(rest.toArray(String[]::new));
        out.flush();
        err.flush();
        return code;
    }
}
