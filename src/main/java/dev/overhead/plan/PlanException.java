package dev.overhead.plan;

import java.nio.file.Path;

/**
 * A plan that cannot be read, refused before anything runs. The message is
 * {@code FILE:LINE:COLUMN: what is wrong}, as compilers write it, so editors can jump there.
 *
 * @see PlanReader
 */
public class PlanException extends Exception {
    private final Path file;
    private final int line;
    private final int column;
    private final String problem;

    public PlanException(Path file, int line, int column, String problem, Throwable cause) {
        super(file + (line > 0 ? ":" + line + ":" + column : "") + ": " + problem, cause);
        this.file = file;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    public Path file() {
        return file;
    }

    /** 1-based; 0 where the fault has no place in the file (it cannot be read at all). */
    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The message without the file and place. */
    public String problem() {
        return problem;
    }
}
