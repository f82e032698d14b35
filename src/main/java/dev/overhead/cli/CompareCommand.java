package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "compare", description = "(not yet built)")
final class CompareCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError(1, "'compare' is not built yet.");
    }
}
