package dev.overhead.cli;

import dev.overhead.store.StoreException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the commands on the store as a whole share ({@code store check}, {@code delete}, {@code prune},
 * {@code import}, {@code export-all}, {@code boot-unit install}): the store option and where they
 * print; a {@link StoreException} they let out is turned into one sentence by {@link Errors}.
 */
abstract class StoreAdminCommand implements Callable<Integer> {
    @Mixin
    StoreOption storeOption;

    @Spec
    CommandSpec spec;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    @Override
    public abstract Integer call() throws StoreException;
}
