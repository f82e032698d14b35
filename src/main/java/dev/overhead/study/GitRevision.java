package dev.overhead.study;

import java.nio.file.Path;
import java.util.List;

/**
 * The commit and branch of the git work tree a study runs in ({@code git rev-parse HEAD}, {@code git
 * symbolic-ref --short HEAD}): the default of {@code --commit} and {@code --branch}. Outside a work tree,
 * or without git, nothing: a study need not come from a repository.
 */
public final class GitRevision {
    private GitRevision() {}

    /** The commit and branch of {@code dir}'s work tree; {@link Provenance#NONE}'s fields where there is none. */
    public static Provenance of(Path dir) {
        String commit = git(dir, "rev-parse", "--verify", "-q", "HEAD");
        if (commit == null) {
            return Provenance.NONE;
        }
        return new Provenance(null, null, commit, git(dir, "symbolic-ref", "--short", "-q", "HEAD"));
    }

    private static String git(Path dir, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            dev.overhead.exec.Unmeasured.Result r = dev.overhead.exec.Unmeasured.of(command)
                    .stderr(dev.overhead.exec.Unmeasured.Output.DISCARD)
                    .timeout(java.time.Duration.ofSeconds(10))
                    .run();
            String out = r.stdout().strip();
            return r.succeeded() && !out.isEmpty() ? out : null;
        } catch (dev.overhead.exec.Unmeasured.NotStarted e) {
            return null; // no git here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
