package dev.overhead.bisect;

import dev.overhead.exec.Unmeasured;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The git plumbing a bisection needs, run as {@code git} processes in one directory. Nothing here
 * writes to the user's work tree, index or refs: a revision is exported through an index file of
 * our own ({@link #export}), so a bisection can run beside uncommitted work.
 */
public final class Git {
    /** A checkout or log of a large repository takes a while; a git that waits for something never ends. */
    private static final java.time.Duration GIT_TIMEOUT = java.time.Duration.ofMinutes(10);

    private final Path dir;

    /** A git command that failed, with a sentence to show. */
    public static final class GitException extends RuntimeException {
        GitException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A commit: its full hash and the first line of its message. */
    public record Commit(String hash, String subject) {
        public String shortHash() {
            return hash.length() > 7 ? hash.substring(0, 7) : hash;
        }
    }

    public Git(Path dir) {
        this.dir = dir;
    }

    /** The top of the work tree {@code dir} lies in. */
    public Path topLevel() {
        Result r = git(Map.of(), "rev-parse", "--show-toplevel");
        if (r.code != 0) {
            throw new GitException(
                    dir + " is not inside a git work tree" + reason(r)
                            + "; run overhead bisect from the repository whose history to search.",
                    null);
        }
        return Path.of(r.out.strip());
    }

    /** The full hash of the commit {@code rev} names. */
    public String commit(String rev) {
        Result r = git(Map.of(), "rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}");
        if (r.code != 0 || r.out.isBlank()) {
            throw new GitException(
                    "'" + rev + "' names no commit here; give a hash, tag or branch that 'git log' shows.", null);
        }
        return r.out.strip();
    }

    public boolean isAncestor(String older, String newer) {
        return git(Map.of(), "merge-base", "--is-ancestor", older, newer).code == 0;
    }

    /**
     * The commits after {@code good} up to and including {@code bad}, oldest first, along first
     * parents: a merge is one commit here, as it is one step in the history a user reads.
     */
    public List<Commit> range(String good, String bad) {
        Result r = git(Map.of(), "log", "--first-parent", "--reverse", "--format=%H%x09%s", good + ".." + bad);
        if (r.code != 0) {
            throw new GitException("git log " + good + ".." + bad + " failed" + reason(r) + ".", null);
        }
        List<Commit> out = new ArrayList<>();
        for (String line : r.out.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            int tab = line.indexOf('\t');
            out.add(
                    tab < 0
                            ? new Commit(line.strip(), "")
                            : new Commit(line.substring(0, tab), line.substring(tab + 1)));
        }
        return out;
    }

    public Commit describe(String hash) {
        Result r = git(Map.of(), "log", "-1", "--format=%H%x09%s", hash);
        String line = r.out.strip();
        int tab = line.indexOf('\t');
        return tab < 0 ? new Commit(hash, "") : new Commit(line.substring(0, tab), line.substring(tab + 1));
    }

    /**
     * Writes the tree of {@code hash} into {@code into} (which must not exist yet), through the
     * index file {@code index} instead of the repository's own: read-tree and checkout-index touch
     * neither the user's index nor work tree, and unlike {@code git archive} they keep files that
     * {@code export-ignore} would drop.
     */
    public void export(String hash, Path into, Path index) {
        try {
            Files.deleteIfExists(index);
            Files.createDirectories(into);
        } catch (IOException e) {
            throw new GitException("cannot make " + into + " (" + e.getMessage() + ").", e);
        }
        Map<String, String> env = Map.of("GIT_INDEX_FILE", index.toString());
        Result read = git(env, "read-tree", hash);
        Result write = read.code != 0 ? read : git(env, "checkout-index", "--all", "--force", "--prefix=" + into + "/");
        if (write.code != 0) {
            throw new GitException("commit " + hash + " could not be written to " + into + reason(write) + ".", null);
        }
    }

    private record Result(int code, String out, String err) {}

    private static String reason(Result r) {
        String e = r.err.strip();
        if (e.isEmpty()) {
            return "";
        }
        String last = e.lines().reduce((a, b) -> b).orElse("");
        return " (git: " + last + ")";
    }

    private Result git(Map<String, String> env, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add("git");
        argv.addAll(List.of(args));
        try {
            Unmeasured.Result r = Unmeasured.of(argv)
                    .in(dir)
                    .env(env)
                    .env("GIT_TERMINAL_PROMPT", "0")
                    .timeout(GIT_TIMEOUT)
                    .run();
            if (r.timedOut()) {
                throw new GitException(
                        "git " + String.join(" ", args) + " did not finish in " + GIT_TIMEOUT.toMinutes()
                                + " minutes in " + dir + "; run it there to see why.",
                        null);
            }
            return new Result(r.exitCode(), r.stdout(), r.stderr());
        } catch (Unmeasured.NotStarted e) {
            throw new GitException(e.getMessage() + "; install git (apt-get install git).", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GitException("git was interrupted.", e);
        }
    }
}
