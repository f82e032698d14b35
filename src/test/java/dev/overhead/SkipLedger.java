package dev.overhead;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.TestAbortedException;

/**
 * Every skip, written down; under CI, no skip for want of what CI installs (issue 29: {@code .ci/run} let an install
 * fail, and the tests that need perf, Chromium, PostgreSQL or a compiler then skipped while the build went green).
 *
 * <p>Registered for every test by {@code META-INF/services} (autodetection is on in
 * {@code junit-platform.properties}). Each skipped test, with its reason, is appended to
 * {@code target/skipped-tests.txt}, which {@code .ci/run} prints at the end. Where the environment variable
 * {@code CI} is set (.ci/run exports it), a skip whose reason names something {@code .ci/run} installs or provides
 * (a compiler, GNU time, perf, Chromium, PostgreSQL, the workload programs and allocators, root) fails the test
 * instead: on CI that is a broken install, not a machine without the tool.
 */
public final class SkipLedger
        implements TestWatcher, TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {
    /** Where the skips of a build go; .ci/run empties it before and prints it after. */
    public static final Path FILE = Path.of("target", "skipped-tests.txt");

    /**
     * Reasons that name what .ci/run installs (its {@code need+=(...)} lines) or provides (root, a PostgreSQL
     * cluster); keep the two together. A skip for what no install can give (hardware counters on a VM, KVM, an ARM
     * CPU) is not matched and stays a skip.
     */
    static final Pattern INSTALLED_BY_CI = Pattern.compile(
            "apt-get install|\\.ci/run|C compiler|\\bgcc\\b|\\bcc\\b|/usr/bin/time|GNU time|hyperfine|chromium"
                    + "|PostgreSQL|perf cannot|perf is not|\\blinux-perf\\b|\\bstrace\\b|sysbench|dbench|hackbench"
                    + "|stress-ng|jemalloc|mimalloc|binutils|readelf|\\bnm\\b|asciidoctor|\\bunzip\\b|\\bmake\\b is"
                    + "|\\bas root\\b",
            Pattern.CASE_INSENSITIVE);

    /** Whether CI promises what this skip's reason says is missing. */
    static boolean installedByCi(String reason) {
        return reason != null && INSTALLED_BY_CI.matcher(reason).find();
    }

    static boolean underCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false");
    }

    /** The failure that replaces such a skip under CI, or the skip as it was. */
    static Throwable judged(Throwable t, boolean ci) {
        if (ci && t instanceof TestAbortedException && installedByCi(t.getMessage())) {
            AssertionError e = new AssertionError("under CI this test must not skip (.ci/run installs or provides what"
                    + " it needs; check the install's output): " + reason(t));
            e.initCause(t);
            return e;
        }
        return t;
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(t, underCi());
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        Throwable judged = judged(t, underCi());
        if (judged == t && t instanceof TestAbortedException) {
            record(context, reason(t)); // the class's tests are then skipped without a watcher call of their own
        }
        throw judged;
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(t, underCi());
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        record(context, reason(cause));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        record(context, "disabled: " + reason.orElse("no reason given"));
    }

    private static String reason(Throwable t) {
        String m = t == null ? null : t.getMessage();
        return m == null
                ? "no reason given"
                : m.replaceFirst("^Assumption failed: ", "").replace('\n', ' ');
    }

    private static synchronized void record(ExtensionContext context, String reason) {
        String who = context.getRequiredTestClass().getName()
                + context.getTestMethod().map(m -> "." + m.getName()).orElse("")
                + (context.getTestMethod().isPresent() ? " " + context.getDisplayName() : "");
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(
                    FILE,
                    who + ": " + reason + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            // the ledger is a report: a test's outcome does not depend on it
        }
    }
}
