package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Bytes to String and back without loss, valid UTF-8 read as text (PEP 383's surrogateescape). */
class ArgBytesTest {
    @Test
    void everyByteOutsideUtf8ComesBackExactly() {
        for (int b = 0x80; b <= 0xff; b++) {
            byte[] bytes = {'f', (byte) b, 'x'};
            String s = ArgBytes.decode(bytes);
            assertThat(s).hasSize(3).startsWith("f").endsWith("x");
            assertThat(s.charAt(1)).isEqualTo((char) (0xDC00 + b));
            assertThat(ArgBytes.encode(s)).containsExactly(bytes);
        }
    }

    @Test
    void validUtf8IsText() {
        String text = "é€😀 plain";
        assertThat(ArgBytes.decode(text.getBytes(StandardCharsets.UTF_8))).isEqualTo(text);
        assertThat(ArgBytes.encode(text)).containsExactly(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void overlongTruncatedAndSurrogateSequencesAreBytes() {
        byte[][] cases = {
            {(byte) 0xc0, (byte) 0xaf}, // overlong '/'
            {(byte) 0xe2, (byte) 0x82}, // truncated €
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, // an encoded surrogate
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
            {(byte) 0xc3, (byte) 0xa9, (byte) 0xff, (byte) 0xe2, (byte) 0x82, (byte) 0xac} // é, a bad byte, €
        };
        for (byte[] bytes : cases) {
            assertThat(ArgBytes.encode(ArgBytes.decode(bytes))).containsExactly(bytes);
        }
        assertThat(ArgBytes.decode(cases[4])).isEqualTo("é\uDCFF€");
    }

    @Test
    void theJvmsArgumentsAreKeptWhereTheCommandLineDoesNotEndWithThem() {
        String[] args = {"not", "what", "this", "jvm", "was", "started", "with", "--surely-not"};
        assertThat(ArgBytes.exactArgs(args)).containsExactly(args);
    }
}
