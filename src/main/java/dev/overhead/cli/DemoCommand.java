package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "demo", description = "(not yet built)")
final class DemoCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError(1, "'demo' is not built yet.");
    }
}
