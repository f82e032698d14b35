package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "show", description = "(not yet built)")
final class ShowCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError(1, "'show' is not built yet.");
    }
}
