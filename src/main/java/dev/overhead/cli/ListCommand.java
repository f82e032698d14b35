package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "list", description = "(not yet built)")
final class ListCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError(1, "'list' is not built yet.");
    }
}
