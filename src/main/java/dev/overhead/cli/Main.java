package dev.overhead.cli;

import dev.overhead.study.SafeText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The entry point is a function (docs/architecture.md, "Conventions"): {@code (args, out, err) -> exit code}. */
@Command(
        name = "overhead",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        modelTransformer = Summaries.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = Main.DESCRIPTION,
        subcommands = {
            RunCommand.class,
            CompareCommand.class,
            ReportCommand.class,
            ListCommand.class,
            ShowCommand.class,
            ResumeCommand.class,
            BootUnit.class,
            ImportCommand.class,
            DemoCommand.class,
            SizeCommand.class,
            EnvCommand.class,
            CompletionCommand.class,
            ProfilesCommand.class,
            PresetsCommand.class,
            WhyCommand.class,
            DeleteCommand.class,
            PruneCommand.class,
            BisectCommand.class,
            StoreCommand.class,
            ExportAllCommand.class,
            ServeCommand.class,
            SubmitCommand.class,
            AgentCommand.class,
            QueueCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main {
    static final String DESCRIPTION = "Measures what a change costs in performance and says whether the cost is real.";

    public static void main(String[] args) {
        // picocli's DefaultFactory looks for groovy.lang.Closure when it loads (for Groovy scripts); failing to
        // find it opens every jar of the class path, which classes from the AOT cache otherwise never need:
        // 12 ms of a start (docs/performance.md, "Start-up"). picocli's own switch turns that look-up off.
        System.setProperty("picocli.disable.closures", "true");
        leaveOutUnusedConverters();
        nameLoggingProvider(args);
        // The JVM decoded the arguments with the locale's charset, losing bytes that are not text.
        System.exit(runStandard(args));
    }

    /**
     * The built-in converters of the types no option of overhead has, left out through picocli's own
     * switch: each {@code CommandLine} (two for a command, the root and the command) registered them by
     * reflection ({@code Class.forName} and {@code getDeclaredMethod} over {@code java.sql} and
     * {@code java.time} classes), a tenth of {@code report}'s Java time (docs/performance.md, "Start-up").
     * {@code LazyTreeTest} checks that no option or parameter of the whole tree has such a type. A value the
     * user set stays.
     */
    static final String UNUSED_CONVERTERS = "java\\.sql\\..*,java\\.time\\..*";

    static void leaveOutUnusedConverters() {
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", UNUSED_CONVERTERS);
        }
    }

    /**
     * The SLF4J provider, named before anything logs (sqlite-jdbc, Flyway and Jetty log through SLF4J): its
     * ServiceLoader would read every jar to find the one on the class path, Jetty's (jetty-slf4j-impl); named,
     * no jar is opened. Only {@code serve} runs Jetty, whose warnings reach stderr; every other command gets
     * SLF4J's no-op provider, which drops what Jetty's would drop too (jetty-logging.properties turns every
     * other library's log off). Jetty's provider costs a start about 10 ms of CPU that way: it reads its
     * properties through the class loader and loads the time-zone database for its time stamps
     * (docs/performance.md, "Start-up"). An argument {@code serve} anywhere keeps Jetty's (a study named
     * so only starts a little slower). Where the class is missing SLF4J says so and looks it up as before;
     * WARN keeps its note that it took the named provider off stderr. A provider the user named stays.
     */
    static void nameLoggingProvider(String[] args) {
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", loggingProvider(args));
            System.setProperty("slf4j.internal.verbosity", "WARN");
        }
    }

    static String loggingProvider(String[] args) {
        return java.util.Arrays.asList(args).contains("serve")
                ? "org.eclipse.jetty.logging.JettyLoggingServiceProvider"
                : "org.slf4j.helpers.NOP_FallbackServiceProvider";
    }

    /** {@link #run} on the process's own arguments and standard streams (the AOT training runs it too). */
    static int runStandard(String[] args) {
        return run(
                dev.overhead.exec.ArgBytes.exactArgs(args),
                new PrintWriter(new java.io.OutputStreamWriter(new Stdout(), System.out.charset()), true),
                new PrintWriter(System.err, true));
    }

    public static int run(String[] args, PrintWriter rawOut, PrintWriter rawErr) {
        return run(args, rawOut, rawErr, LazyTree::commandLine);
    }

    /** {@link #run} with the command tree made by {@code tree} from the arguments (tests compare two). */
    static int run(
            String[] args,
            PrintWriter rawOut,
            PrintWriter rawErr,
            java.util.function.Function<List<String>, CommandLine> tree) {
        PrintWriter out = SafeText.wrap(rawOut);
        PrintWriter err = SafeText.wrap(rawErr);
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
        CommandLine cli = Version.whileBuilding(() -> tree.apply(rest));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new Errors(debug));
        cli.setParameterExceptionHandler(Errors::onParameterException);
        int code;
        try {
            code = cli.execute(rest.toArray(String[]::new));
        } catch (OutOfMemoryError e) { // an Error passes picocli's handlers: still one sentence, not a trace
            if (debug) {
                e.printStackTrace(err);
            }
            err.println("overhead: the command ran out of memory ("
                    + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MiB): give Java more with JAVA_TOOL_OPTIONS=-Xmx8g, or fewer runs or smaller files.");
            code = 1;
        }
        out.flush();
        if (out.checkError()
                && !Stdout
                        .brokenPipe()) { // PrintWriter keeps write failures to itself: a full disk, /dev/full, a closed
            // pipe
            err.println("overhead: the output could not be written (standard output failed: a full disk, or a"
                    + " closed pipe?); nothing written there is complete.");
            code = code == 0 ? 1 : code;
        }
        err.flush();
        return code;
    }
}
