package dev.overhead.cli;

import dev.overhead.study.UserError;
import java.util.concurrent.Callable;

/**
 * A verb that only groups others ({@code overhead store}, {@code overhead boot-unit}): given alone,
 * it names them in one sentence (exit 2) rather than doing anything.
 */
abstract class GroupCommand implements Callable<Integer> {
    private final String usage;

    GroupCommand(String usage) {
        this.usage = usage;
    }

    @Override
    public final Integer call() {
        throw UserError.usage(usage);
    }
}
