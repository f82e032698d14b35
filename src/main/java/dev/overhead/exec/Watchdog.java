package dev.overhead.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The JVM's side of a run's timeout and of Ctrl-C, for when the forking helper cannot keep them
 * (docs/reliability.md, issue 33 case 2): the helper enforces the timeout and the cancel itself, but
 * a helper that is stopped ({@code kill -STOP $PPID} from the command it forked) does neither, and
 * the JVM waited on its socket for ever. A thread looks at the run in flight four times a second;
 * once the timeout (plus a grace) has passed, or a second after a cancel, a stopped helper is sent
 * SIGCONT, so it ends the command as it would have; if it still has not answered two seconds later
 * it is killed, its command with it ({@code PR_SET_PDEATHSIG}), and the run fails with a sentence
 * instead of hanging. The study is left resumable, like any failed run.
 */
final class Watchdog implements AutoCloseable {
    private static final long GRACE_NS = 2_000_000_000L;
    private static final long WAKE_AFTER_CANCEL_NS = 1_000_000_000L;

    private final Process helper;
    private final Thread thread;
    private volatile long deadline = Long.MAX_VALUE; // when the helper should have answered (nanoTime)
    private volatile long wokenAt; // 0: not woken in this run
    private volatile String ended; // why the helper was killed, or null
    private volatile boolean closed;

    Watchdog(Process helper) {
        this.helper = helper;
        this.thread =
                Thread.ofPlatform().daemon().name("overhead-helper-watchdog").unstarted(this::watch);
        thread.start();
    }

    /** A request was sent; {@code timeout} is the run's (null: none, and only a cancel is watched). */
    void started(Duration timeout) {
        wokenAt = 0;
        ended = null;
        deadline = timeout == null ? Long.MAX_VALUE : System.nanoTime() + timeout.toNanos() + GRACE_NS;
    }

    void cancelled() {
        long soon = System.nanoTime() + WAKE_AFTER_CANCEL_NS;
        if (soon < deadline) {
            deadline = soon;
        }
    }

    void finished() {
        deadline = Long.MAX_VALUE;
    }

    /** Why the watchdog ended the helper during this run, or null. */
    String ended() {
        return ended;
    }

    private void watch() {
        while (!closed) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            if (now < deadline || !helper.isAlive()) {
                continue;
            }
            boolean stopped = stopped(helper.pid());
            if (wokenAt == 0) {
                if (stopped) { // a helper that is only slow is left to answer
                    wokenAt = now;
                    signal("CONT");
                }
            } else if (now - wokenAt > GRACE_NS) {
                ended = "the forking helper was stopped (by a SIGSTOP its command sent?) and did not answer when"
                        + " woken, so it was ended";
                helper.destroyForcibly();
                deadline = Long.MAX_VALUE;
            } else if (stopped) { // stopped again by the same command
                signal("CONT");
            }
        }
    }

    /** State T (stopped) or t (traced) in {@code /proc/PID/stat}, after the command name in parentheses. */
    static boolean stopped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            int close = stat.lastIndexOf(')');
            char state = stat.charAt(close + 2);
            return state == 'T' || state == 't';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void signal(String name) {
        try {
            Unmeasured.of("kill", "-" + name, Long.toString(helper.pid()))
                    .stdout(Unmeasured.Output.DISCARD)
                    .stderr(Unmeasured.Output.DISCARD)
                    .timeout(java.time.Duration.ofSeconds(10))
                    .run();
        } catch (Unmeasured.NotStarted e) {
            helper.destroyForcibly(); // no kill(1): the helper cannot be woken, only ended
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
