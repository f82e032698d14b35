package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TailBufferTest {
    private static void add(TailBuffer t, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        t.add(b, 0, b.length);
    }

    @Test
    void keepsTheLastBytesAcrossWrapAround() {
        var t = new TailBuffer(5);
        add(t, "abc");
        assertThat(t.toString()).isEqualTo("abc");
        add(t, "defg");
        assertThat(t.toString()).isEqualTo("cdefg");
        add(t, "0123456789");
        assertThat(t.toString()).isEqualTo("56789");
    }

    @Test
    void zeroCapacityKeepsNothing() {
        var t = new TailBuffer(0);
        add(t, "abc");
        assertThat(t.toString()).isEmpty();
    }
}
