package dev.overhead.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Issue 14.9: a study measured by one process is refused to another, and the lock dies with its holder. */
class StudyLockTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void aStudyHeldByAnotherProcessIsRefusedUntilThatProcessIsKilled(StoreKind kind) throws Exception {
        String db = kind.fresh(dir);
        Stores.open(db).close();
        Process holder = LockHolderMain.hold(db, "20261203-100000-abcd");
        try (Store store = Stores.open(db)) {
            assertThatThrownBy(() -> store.lock("20261203-100000-abcd"))
                    .isInstanceOf(StoreException.class)
                    .hasMessage("study 20261203-100000-abcd is being measured by another overhead process right now:"
                            + " let it finish (or stop it), then resume.");
            store.lock("20261203-100000-other").close(); // another study is free
        } finally {
            holder.destroyForcibly(); // SIGKILL: nothing of the holder's runs after this
            assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        try (Store store = Stores.open(db);
                Store.Held held = store.lock("20261203-100000-abcd")) {
            assertThat(held).isNotNull(); // not stale after kill -9
        }
    }

    @Test
    void idsGetDistinctBytes() {
        assertThat(StudyLock.offset("20261203-100000-abcd"))
                .isNotEqualTo(StudyLock.offset("20261203-100000-abce"))
                .isNotNegative();
    }
}
