package dev.overhead.cli;

import dev.overhead.study.UserError;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** Turns every failure into one sentence and an exit code; the stack trace only with --debug. */
final class Errors implements IExecutionExceptionHandler {
    private final boolean debug;

    Errors(boolean debug) {
        this.debug = debug;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        if (debug) {
            ex.printStackTrace(err);
        }
        if (ex instanceof UserError user) {
            err.println("overhead: " + user.getMessage());
            return user.exitCode();
        }
        if (ex instanceof dev.overhead.store.StoreException store) { // its message is already a sentence
            UserError refusal = StoreOption.refusal(store);
            err.println("overhead: " + refusal.getMessage());
            return refusal.exitCode();
        }
        // Not a refusal we wrote: a fault of overhead's own, named as such rather than dressed as advice.
        String what = ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage());
        err.println("overhead: an internal error stopped the command (" + what + ")"
                + (debug ? "" : "; run it again with --debug for the trace, and report it"));
        return 1;
    }

    static int onParameterException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("overhead: " + ex.getMessage());
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for the options.");
        // under git bisect run, 2 would mark the commit bad; 128 stops the bisection instead
        return cmd.getCommand() instanceof BisectStepCommand ? BisectStepCommand.ABORT : 2;
    }
}
