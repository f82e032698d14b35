package dev.overhead.cli;

import static dev.overhead.cli.StoreSafetyTest.overhead;
import static dev.overhead.cli.StoreSafetyTest.storeWithStudies;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.store.LockHolderMain;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14.9: resume of a study another process is measuring is refused; after that process dies it works. */
class ResumeLockTest {
    @TempDir
    Path dir;

    @Test
    void resumeIsRefusedWhileTheStudyIsMeasuredElsewhere() throws Exception {
        Path db = storeWithStudies(dir, 1);
        String id;
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.createStatement().executeUpdate("UPDATE studies SET state = 'running'");
            c.createStatement().executeUpdate("DELETE FROM runs WHERE idx = 2");
            var rs = c.createStatement().executeQuery("SELECT id FROM studies");
            id = rs.getString(1);
        }
        Process holder = LockHolderMain.hold(db, id);
        try {
            var refused = overhead("resume", "--fake-exec", "--store", db.toString(), "s1");
            assertThat(refused.code()).isEqualTo(1);
            assertThat(refused.err()).contains("study " + id + " is being measured by another overhead process");
        } finally {
            holder.destroyForcibly();
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        var resumed = overhead("resume", "--fake-exec", "--store", db.toString(), "s1");
        assertThat(resumed.code()).as(resumed.err()).isZero();
    }
}
