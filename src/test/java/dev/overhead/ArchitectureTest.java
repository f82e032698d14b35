package dev.overhead;

import static com.tngtech.archunit.base.DescribedPredicate.or;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The package rules of docs/architecture.md ("Packages and what they may import"), checked on the
 * main classes. The table there and the rows here change together: a new arrow is a decision, not
 * an accident of an import.
 */
@AnalyzeClasses(packages = "dev.overhead", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule statsImportsNothingOfTheProject = mayImportOnly("stats");

    @ArchTest
    static final ArchRule execImportsNothingOfTheProject = mayImportOnly("exec");

    @ArchTest
    static final ArchRule model = mayImportOnly("model", "stats");

    @ArchTest
    static final ArchRule plan = mayImportOnly("plan", "model", "stats");

    @ArchTest
    static final ArchRule verdicts = mayImportOnly("verdicts", "model", "stats");

    @ArchTest
    static final ArchRule store = mayImportOnly("store", "model", "stats");

    @ArchTest
    static final ArchRule sysinfo = mayImportOnly("sysinfo", "exec", "model");

    @ArchTest
    static final ArchRule interop = mayImportOnly("interop", "model", "stats");

    @ArchTest
    static final ArchRule run = mayImportOnly("run", "verdicts", "exec", "interop", "model", "plan", "stats", "store");

    /** {@code overhead why}: profiles through run's scheduler and the executor; its pure renderers take report's chart library. */
    @ArchTest
    static final ArchRule why = mayImportOnly("why", "run", "exec", "model", "stats", "report");

    @ArchTest
    static final ArchRule bisect = mayImportOnly("bisect", "exec", "model", "stats");

    @ArchTest
    static final ArchRule vm = mayImportOnly("vm", "run", "exec", "store", "verdicts", "model", "stats");

    /**
     * Every command overhead starts goes through exec: a measured one through an Executor, a build through
     * BuildShell, and one it runs for itself (a probe, git, ldd, perf script, qemu) through Unmeasured, with its
     * one way to time out, capture and refuse.
     */
    @ArchTest
    static final ArchRule processesStartOnlyInExec = noClasses()
            .that()
            .resideOutsideOfPackage("dev.overhead.exec..")
            .should()
            .callConstructor(ProcessBuilder.class, String[].class)
            .orShould()
            .callConstructor(ProcessBuilder.class, List.class)
            .orShould()
            .callMethod(Runtime.class, "exec", String.class)
            .orShould()
            .callMethod(Runtime.class, "exec", String[].class);

    /** Renderers render what the analysis computed; they never measure, store or probe. */
    @ArchTest
    static final ArchRule report = mayImportOnly("report", "verdicts", "model", "stats");

    /** The web pages read the store through its interface and show what report and verdicts make. */
    @ArchTest
    static final ArchRule serve = mayImportOnly("serve", "report", "verdicts", "store", "model", "stats");

    /** The application between the command line and the floors it drives; it never reaches back into {@code cli}. */
    @ArchTest
    static final ArchRule study = mayImportOnly(
            "study",
            "run",
            "verdicts",
            "store",
            "exec",
            "plan",
            "sysinfo",
            "interop",
            "bisect",
            "vm",
            "report",
            "model",
            "stats");

    @ArchTest
    static final ArchRule nothingImportsCli = noClasses()
            .that()
            .resideOutsideOfPackage("dev.overhead.cli..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.overhead.cli..");

    @ArchTest
    static final ArchRule noCyclesBetweenPackages =
            slices().matching("dev.overhead.(*)..").should().beFreeOfCycles();

    /**
     * Plans are read, never probed: plan starts no process (the presets decide from what study.LivePresets reads
     * of the machine through sysinfo.MachineProbes).
     */
    @ArchTest
    static final ArchRule planStartsNoProcess = noClasses()
            .that()
            .resideInAPackage("dev.overhead.plan..")
            .should()
            .dependOnClassesThat()
            .areAssignableTo(ProcessBuilder.class)
            .orShould()
            .dependOnClassesThat()
            .areAssignableTo(Process.class)
            .orShould()
            .callMethod(Runtime.class, "exec", String.class);

    /** The pure core reads no files, sockets, processes or clocks and prints nothing. */
    @ArchTest
    static final ArchRule pureCoreDoesNoIo = noClasses()
            .that()
            .resideInAnyPackage(
                    "dev.overhead.stats..", "dev.overhead.model..", "dev.overhead.verdicts..", "dev.overhead.report..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.nio.file..", "java.net..", "java.nio.channels..")
            .orShould()
            .dependOnClassesThat()
            .areAssignableTo(ProcessBuilder.class)
            .orShould()
            .accessField(System.class, "out")
            .orShould()
            .accessField(System.class, "err")
            .orShould()
            .callMethod(System.class, "nanoTime")
            .orShould()
            .callMethod(System.class, "currentTimeMillis")
            .orShould()
            .callMethod(Instant.class, "now");

    /** A newcomer learns what a package is for from its package-info (a source file: no class without annotations). */
    @ArchTest
    static void everyPackageSaysWhatItIsFor(JavaClasses classes) {
        Path sources = Path.of(System.getProperty("overhead.project.root", "."), "src", "main", "java");
        Set<String> packages = new TreeSet<>();
        classes.forEach(c -> packages.add(c.getPackageName()));
        assertThat(packages)
                .as("packages found")
                .contains("dev.overhead.stats", "dev.overhead.cli", "dev.overhead.study");
        assertThat(packages)
                .allSatisfy(p -> assertThat(sources.resolve(p.replace('.', '/')).resolve("package-info.java"))
                        .as("package-info of %s", p)
                        .isRegularFile());
    }

    /** Classes of {@code dev.overhead.PKG} depend only on the JDK, libraries, PKG and {@code allowed}. */
    private static ArchRule mayImportOnly(String pkg, String... allowed) {
        String[] own = Stream.concat(Stream.of(pkg), Arrays.stream(allowed))
                .map(p -> "dev.overhead." + p + "..")
                .toArray(String[]::new);
        return classes()
                .that()
                .resideInAPackage("dev.overhead." + pkg + "..")
                .should()
                .onlyDependOnClassesThat(or(resideOutsideOfPackage("dev.overhead.."), resideInAnyPackage(own)))
                .as("dev.overhead." + pkg + " imports only "
                        + (allowed.length == 0 ? "nothing of the project" : String.join(", ", allowed)));
    }
}
