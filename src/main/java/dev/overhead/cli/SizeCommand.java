package dev.overhead.cli;

import dev.overhead.interop.ElfFile;
import dev.overhead.interop.FormatException;
import dev.overhead.interop.SizeComparison;
import dev.overhead.study.UserError;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "size",
        description = "ELF file and section sizes of OLD and NEW side by side, with the change in percent.")
final class SizeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OLD")
    Path older;

    @Parameters(index = "1", paramLabel = "NEW")
    Path newer;

    @Option(names = "--format", defaultValue = "text", description = "text, json, csv or markdown")
    String format;

    @Override
    public Integer call() {
        if (!format.matches("text|json|csv|markdown")) {
            throw UserError.usage("--format " + format + " is not one of text, json, csv, markdown.");
        }
        try {
            SizeComparison sizes = SizeComparison.of(ElfFile.read(older), ElfFile.read(newer));
            spec.commandLine().getOut().print(sizes.render(format));
            return 0;
        } catch (FormatException e) {
            throw new UserError(1, e.getMessage(), e);
        }
    }
}
