package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "run", description = "(not yet built)")
final class RunCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError(1, "'run' is not built yet.");
    }
}
