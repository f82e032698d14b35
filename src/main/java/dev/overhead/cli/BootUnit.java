package dev.overhead.cli;

import dev.overhead.study.BootUnits;
import dev.overhead.study.StudyLoading;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code overhead boot-unit install STUDY}: a systemd unit that runs {@code overhead resume STUDY}
 * at every start, so a boot study continues by itself; the resume that completes the study removes
 * it. The unit is written, not enabled: the command prints how to enable it.
 */
@Command(
        name = "boot-unit",
        description = "Write a systemd unit that continues a boot study after every start.",
        subcommands = {BootUnit.Install.class})
final class BootUnit extends GroupCommand {
    BootUnit() {
        super("say what to do: 'overhead boot-unit install STUDY'");
    }

    @Command(name = "install", description = "Write the unit for STUDY (default into /etc/systemd/system).")
    static final class Install extends StoreAdminCommand {
        @Parameters(paramLabel = "STUDY", description = "A study id, id prefix or label.")
        String study;

        @Option(
                names = "--dir",
                paramLabel = "DIR",
                description = "Where to write the unit (default: ${DEFAULT-VALUE}).")
        Path dir = Path.of("/etc/systemd/system");

        @Override
        public Integer call() {
            String id = StudyLoading.load(storeOption.access(), study).info().id();
            BootUnits.write(id, storeOption.file(), dir, out());
            return 0;
        }
    }
}
