package dev.overhead.cli;

import dev.overhead.study.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * No output is ever written over the store or over an input of the command (docs/reliability.md, case 1: an
 * {@code --export-json} naming the store replaced it). Files are compared by identity (device and
 * inode, through {@link Files#isSameFile}) where both exist, so links and other spellings of a
 * path are caught too.
 */
final class OutputGuard {
    private OutputGuard() {}

    /** The store's own file and the files SQLite and overhead keep beside it. */
    static List<Path> store(Path store) {
        String name = store.getFileName().toString();
        return List.of(
                store,
                store.resolveSibling(name + "-wal"),
                store.resolveSibling(name + "-shm"),
                store.resolveSibling(name + "-journal"),
                store.resolveSibling(name + ".lock"));
    }

    /** Every file the options would write. */
    static List<Path> exports(OutputOptions o) {
        List<Path> out = new ArrayList<>();
        for (Path p : new Path[] {o.json, o.csv, o.markdown, o.html, o.hyperfine, o.gobench, o.pts}) {
            if (p != null && !p.toString().equals("-")) {
                out.add(p);
            }
        }
        if (o.csv != null && !o.csv.toString().equals("-")) {
            out.add(Outputs.comparisonsFile(o.csv));
        }
        return out;
    }

    /**
     * @param store the store the command uses, or null
     * @param inputs the files the command reads
     * @throws UserError (exit 2) naming the option's file and what it would overwrite
     */
    static void check(OutputOptions options, Path store, List<Path> inputs) {
        List<Path> guarded = new ArrayList<>(inputs);
        if (store != null) {
            guarded.addAll(store(store));
        }
        for (Path export : exports(options)) {
            for (Path g : guarded) {
                if (same(export, g)) {
                    String what = store != null && store(store).contains(g) ? "the store " + store : "the input " + g;
                    throw UserError.usage("the output " + export + " is " + what
                            + ", which would be overwritten: choose another file to export to.");
                }
            }
        }
    }

    static boolean same(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // unreadable: compare the spelled paths below
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
