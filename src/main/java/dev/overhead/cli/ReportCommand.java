package dev.overhead.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "report", description = "(not yet built)")
final class ReportCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UserError(1, "'report' is not built yet.");
    }
}
