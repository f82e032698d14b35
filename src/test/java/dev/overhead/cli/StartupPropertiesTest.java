package dev.overhead.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * What {@link Main#main} sets before the first command runs, to start faster (docs/performance.md,
 * "Start-up"): picocli's converters of types no option has are left out, and SLF4J gets Jetty's provider
 * only where Jetty runs.
 */
class StartupPropertiesTest {
    /** Every option and parameter of every command and sub-subcommand, as the annotations define them. */
    private static List<ArgSpec> everyArgument(CommandLine c) {
        List<ArgSpec> all = new ArrayList<>(c.getCommandSpec().args());
        for (CommandLine sub : c.getSubcommands().values()) all.addAll(everyArgument(sub));
        return all;
    }

    @Test
    void noOptionOrParameterHasATypeWhoseConverterIsLeftOut() {
        List<String> patterns = Arrays.asList(Main.UNUSED_CONVERTERS.split(","));
        List<ArgSpec> args = everyArgument(new CommandLine(new Main()));
        assertThat(args).hasSizeGreaterThan(100); // the whole tree, not the root alone
        for (ArgSpec arg : args) {
            List<Class<?>> types = new ArrayList<>(List.of(arg.type()));
            types.addAll(Arrays.asList(arg.auxiliaryTypes()));
            for (Class<?> type : types) {
                assertThat(patterns)
                        .as(
                                "%s of %s has the type %s, whose converter Main leaves out: take it out of"
                                        + " Main.UNUSED_CONVERTERS",
                                arg, arg.command().qualifiedName(), type.getName())
                        .noneMatch(type.getName()::matches);
            }
        }
        // and the patterns do match what they are meant to leave out
        assertThat(patterns).anyMatch("java.time.Duration"::matches).anyMatch("java.sql.Timestamp"::matches);
        assertThat(patterns).noneMatch("java.nio.file.Path"::matches);
    }

    @Test
    void aValueTheUserSetStays() {
        String before = System.getProperty("picocli.converters.excludes");
        try {
            System.setProperty("picocli.converters.excludes", "java\\.net\\..*");
            Main.leaveOutUnusedConverters();
            assertThat(System.getProperty("picocli.converters.excludes")).isEqualTo("java\\.net\\..*");
        } finally {
            if (before == null) System.clearProperty("picocli.converters.excludes");
            else System.setProperty("picocli.converters.excludes", before);
        }
    }

    @Test
    void onlyServeGetsJettysLoggingProvider() {
        String jetty = "org.eclipse.jetty.logging.JettyLoggingServiceProvider";
        String nop = "org.slf4j.helpers.NOP_FallbackServiceProvider";
        assertThat(Main.loggingProvider(new String[] {"serve", "--port", "0"})).isEqualTo(jetty);
        assertThat(Main.loggingProvider(new String[] {"--debug", "serve"})).isEqualTo(jetty);
        assertThat(Main.loggingProvider(new String[] {"report", "small"})).isEqualTo(nop);
        assertThat(Main.loggingProvider(new String[] {"run", "true"})).isEqualTo(nop);
        assertThat(Main.loggingProvider(new String[] {})).isEqualTo(nop);
        // both classes are on the class path: a name SLF4J could not load would make it search every jar
        for (String provider : List.of(jetty, nop)) {
            assertThat(org.slf4j.spi.SLF4JServiceProvider.class).isAssignableFrom(loadable(provider));
        }
    }

    private static Class<?> loadable(String name) {
        try {
            return Class.forName(name, false, StartupPropertiesTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name + " is not on the class path", e);
        }
    }
}
