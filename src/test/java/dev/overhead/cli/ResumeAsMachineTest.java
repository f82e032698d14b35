package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static dev.overhead.cli.StoreSafetyTest.storeWithStudies;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.study.Provenance;
import dev.overhead.study.Told;
import java.nio.file.Path;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31 case 3: a fleet study whose agent died is finished by its own machine's agent, or on another host
 * only with --as-machine (before: a resume from another host finished it under the dead machine's name).
 */
class ResumeAsMachineTest {
    @TempDir
    Path dir;

    /** A store with one unfinished study that machine alpha began. */
    private Path begunOnAlpha() throws Exception {
        Path db = storeWithStudies(dir, 1);
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement()
                    .executeUpdate("UPDATE studies SET state = 'running', machine = 'alpha',"
                            + " environment = json_set(environment, '$.machine', 'alpha')");
            c.createStatement().executeUpdate("DELETE FROM runs WHERE idx = 2");
        }
        return db;
    }

    @Test
    void anotherHostMayResumeItOnlyAsANamedMachine() throws Exception {
        Path db = begunOnAlpha();
        var refused = overhead("resume", "--fake-exec", "--store", db.toString(), "s1");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err())
                .contains("is measured by machine alpha")
                .contains("'overhead agent --machine alpha'")
                .contains("--as-machine NAME")
                .doesNotContain("\tat ");
        var resumed = overhead("resume", "--fake-exec", "--store", db.toString(), "s1", "--as-machine", "beta");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.err()).contains("was begun on machine alpha; its remaining runs are measured here, on beta");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
                var rs = c.createStatement().executeQuery("SELECT environment, state FROM studies")) {
            assertThat(rs.getString(1)).contains("\"machine\":\"alpha\"").contains("\"resumed_on\":[\"beta\"]");
            assertThat(rs.getString(2)).isEqualTo("done");
        }
    }

    @Test
    void itsOwnMachinesAgentResumesItWithoutBeingTold() throws Exception {
        Path db = begunOnAlpha();
        try (var told = Told.of(new Provenance(null, "alpha", null, null))) {
            var resumed = overhead("resume", "--fake-exec", "--store", db.toString(), "s1");
            assertThat(resumed.code()).as(resumed.err()).isZero();
            assertThat(resumed.err()).doesNotContain("warning");
        }
    }
}
