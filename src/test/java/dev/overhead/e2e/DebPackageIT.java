package dev.overhead.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Debian package installed for real with dpkg (root only): the command, its man page and its bash
 * completion work, and removing it leaves none of its files behind (README, Install).
 */
class DebPackageIT {

    @Test
    void installsWorksAndRemovesCleanly() throws Exception {
        assumeTrue(Dist.which("dpkg").isPresent(), "dpkg is not installed (not a Debian system)");
        var id = Dist.run(List.of("id", "-u"));
        assumeTrue(
                id.stdout().strip().equals("0"),
                "installing a package needs root; this test runs as uid "
                        + id.stdout().strip());
        Path deb = Dist.artifact("overhead_*.deb");
        // one installing test at a time on this machine, even from other checkouts
        try (var lock = new RandomAccessFile("/tmp/overhead-deb-it.lock", "rw");
                var held = lock.getChannel().lock()) {
            var installed = Dist.run(List.of("dpkg-query", "-W", "-f=${db:Status-Abbrev}", "overhead"));
            assumeTrue(
                    !installed.stdout().startsWith("ii"),
                    "a package named overhead is installed on this machine; this test will not replace it");
            List<String> files = packageFiles(deb);
            try {
                install(deb);
                check();
            } finally {
                var removed = Dist.run(List.of("dpkg", "-r", "overhead"));
                assertThat(removed.exitCode()).as(removed.toString()).isZero();
            }
            var status = Dist.run(List.of("dpkg-query", "-W", "-f=${db:Status-Abbrev}", "overhead"));
            assertThat(status.stdout())
                    .as("dpkg's record of the package")
                    .doesNotStartWith("ii")
                    .doesNotStartWith("rc");
            List<String> left = new ArrayList<>();
            for (String f : files) if (Files.exists(Path.of(f), java.nio.file.LinkOption.NOFOLLOW_LINKS)) left.add(f);
            assertThat(left).as("files left behind by dpkg -r").isEmpty();
            assertThat(Path.of("/usr/lib/overhead")).doesNotExist();
        }
    }

    private static void install(Path deb) throws Exception {
        // Slim images tell dpkg to skip /usr/share/man; the man page is part of what is tested.
        List<String> command = List.of("dpkg", "--path-include=/usr/share/man/man1/overhead*", "-i", deb.toString());
        Dist.Result r = Dist.run(command);
        for (int attempt = 0; r.exitCode() != 0 && r.stderr().contains("lock") && attempt < 6; attempt++) {
            Thread.sleep(5000); // apt or dpkg busy elsewhere on the machine
            r = Dist.run(command);
        }
        assertThat(r.exitCode()).as(r.toString()).isZero();
    }

    private static void check() throws Exception {
        var version = Dist.run(List.of("/usr/bin/overhead", "--version"));
        assertThat(version.exitCode()).as(version.toString()).isZero();
        assertThat(version.stdout()).contains("/usr/lib/overhead/runtime").contains("forking helper shipped");

        Path noMan = Dist.TARGET.resolve("dist").resolve("NO-MAN-PAGES");
        try (var stages = Files.newDirectoryStream(Dist.TARGET.resolve("dist"), "overhead-*")) {
            for (Path stage : stages) noMan = stage.resolve("share/NO-MAN-PAGES");
        }
        if (!Files.exists(noMan) && Dist.which("man").isPresent()) {
            var man = Dist.run(List.of("man", "-w", "overhead"));
            assertThat(man.exitCode()).as(man.toString()).isZero();
            assertThat(man.stdout().strip()).isEqualTo("/usr/share/man/man1/overhead.1.gz");
            assertThat(Dist.run(List.of("man", "-w", "overhead-run")).exitCode())
                    .isZero();
        } else {
            System.err.println("DebPackageIT: man pages not checked: "
                    + (Files.exists(noMan) ? Files.readString(noMan).strip() : "man (man-db) is not installed"));
        }

        // What bash does on `overhead r<TAB>`: call the function `complete` registered for overhead.
        String tab = "source /usr/share/bash-completion/completions/overhead\n"
                + "fn=$(complete -p overhead | sed -n 's/.* -F \\([^ ]*\\) .*/\\1/p')\n"
                + "COMP_WORDS=(overhead r); COMP_CWORD=1; COMP_LINE='overhead r'; COMP_POINT=${#COMP_LINE}\n"
                + "\"$fn\" overhead r overhead\n"
                + "compgen -W \"${COMPREPLY[*]}\" -- r\n";
        var completion = Dist.run(List.of("bash", "-c", tab));
        assertThat(completion.exitCode()).as(completion.toString()).isZero();
        assertThat(completion.stdout().lines()).contains("run");
    }

    /** Every file and symlink the package holds, as installed paths. */
    private static List<String> packageFiles(Path deb) throws Exception {
        var contents = Dist.run(List.of("dpkg-deb", "-c", deb.toString()));
        List<String> files = new ArrayList<>();
        for (String line : contents.stdout().lines().toList()) {
            if (line.startsWith("d")) continue; // directories such as /usr/share are shared
            String path = line.substring(line.indexOf("./") + 1);
            int arrow = path.indexOf(" -> ");
            files.add(arrow < 0 ? path : path.substring(0, arrow));
        }
        assertThat(files)
                .contains(
                        "/usr/bin/overhead",
                        "/usr/lib/overhead/bin/overhead",
                        "/usr/share/bash-completion/completions/overhead",
                        "/usr/share/zsh/vendor-completions/_overhead",
                        "/usr/share/fish/vendor_completions.d/overhead.fish");
        return files;
    }
}
