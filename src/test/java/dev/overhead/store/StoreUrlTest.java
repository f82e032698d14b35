package dev.overhead.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** PostgreSQL URLs whose password is not encoded, or is encoded badly: read or refused, never shown (issue 33, case 10). */
class StoreUrlTest {
    @Test
    void aPasswordWithARawAtOrSlashIsReadWholeAndNeverShown() throws Exception {
        StoreUrl u = StoreUrl.parse("postgresql://me:p@ss/w0rd@db.example:6543/bench", Map.of());
        assertThat(u).isEqualTo(new StoreUrl("me", "p@ss/w0rd", "db.example", 6543, "bench", null));
        assertThat(u.masked()).isEqualTo("postgresql://me:********@db.example:6543/bench");
    }

    @Test
    void aRefusedUrlWithARawAtInItsPasswordShowsNoPartOfIt() {
        assertThatThrownBy(() -> StoreUrl.parse("postgresql://me:hunter@2secret@db", Map.of()))
                .isInstanceOf(BadStoreValue.class)
                .message()
                .contains("postgresql://me:********@db")
                .doesNotContain("hunter")
                .doesNotContain("2secret");
        assertThat(StoreUrl.maskAnyPassword("postgresql://me:a/b@c@db:x/y"))
                .doesNotContain("a/b")
                .doesNotContain("b@c");
    }

    @Test
    void aBrokenPercentEscapeIsASentenceWithoutThePassword() {
        for (String url : new String[] {
            "postgresql://me:sec%zzret@db/bench",
            "postgresql://me:secret%4@db/bench",
            "postgresql://me:secret@db/be%zznch"
        }) {
            assertThatThrownBy(() -> StoreUrl.parse(url, Map.of()))
                    .as(url)
                    .isInstanceOf(BadStoreValue.class)
                    .hasMessageContaining("has a broken %-escape")
                    .message()
                    .doesNotContain("sec%zzret")
                    .doesNotContain("secret");
        }
    }
}
