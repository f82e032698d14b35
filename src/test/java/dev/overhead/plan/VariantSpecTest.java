package dev.overhead.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.overhead.model.Variant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantSpecTest {

    @Test
    void aNameAloneIsTheCommandAsItIs() {
        assertThat(VariantSpec.parse("base:")).isEqualTo(Variant.plain("base"));
    }

    @Test
    void leadingAssignmentsAreEnvironmentVariables() {
        assertThat(VariantSpec.parse("hardened: LD_PRELOAD=/usr/lib/libhardened_malloc.so"))
                .isEqualTo(new Variant(
                        "hardened",
                        Map.of("LD_PRELOAD", "/usr/lib/libhardened_malloc.so"),
                        List.of(),
                        List.of(),
                        List.of()));
    }

    @Test
    void theRestIsAPrefixAndLaterAssignmentsBelongToIt() {
        Variant v = VariantSpec.parse("traced: MALLOC_CHECK_=3 X='a b' strace -f -o /dev/null Y=1");
        assertThat(v.env()).containsExactly(Map.entry("MALLOC_CHECK_", "3"), Map.entry("X", "a b"));
        assertThat(v.prefix()).containsExactly("strace", "-f", "-o", "/dev/null", "Y=1");
    }

    @Test
    void valuesMayHoldEqualsSignsAndQuotes() {
        assertThat(VariantSpec.parse("perturb: GLIBC_TUNABLES=\"glibc.malloc.perturb=165:glibc.malloc.tcache_count=0\"")
                        .env())
                .containsExactly(Map.entry("GLIBC_TUNABLES", "glibc.malloc.perturb=165:glibc.malloc.tcache_count=0"));
    }

    @Test
    void refusesASpecWithoutAName() {
        assertThatThrownBy(() -> VariantSpec.parse("x"))
                .isInstanceOf(SpecException.class)
                .hasMessage("-V 'x' has no name: write -V 'NAME: ...', for example -V 'hardened:"
                        + " LD_PRELOAD=/usr/lib/libhardened_malloc.so'.");
        assertThatThrownBy(() -> VariantSpec.parse(": strace")).hasMessageStartingWith("-V ': strace' has no name");
        assertThatThrownBy(() -> VariantSpec.parse("strace -e trace=open:x")).hasMessageContaining("has no name");
    }

    @Test
    void refusesAnInvalidVariableName() {
        assertThatThrownBy(() -> VariantSpec.parse("v: MY-VAR=1 cmd"))
                .hasMessage("-V 'v: MY-VAR=1 cmd': 'MY-VAR' is not a valid environment variable name (letters,"
                        + " digits and _, not starting with a digit).");
    }

    @Test
    void refusesAnUnterminatedQuote() {
        assertThatThrownBy(() -> VariantSpec.parse("v: X='a"))
                .hasMessageStartingWith("-V 'v: X='a' cannot be split into words: ");
    }

    @Test
    void formatReadsBack() {
        Variant v = new Variant("t", Map.of("A", "x y"), List.of("strace", "-o", "my file"), List.of(), List.of());
        assertThat(VariantSpec.parse(VariantSpec.format(v))).isEqualTo(v);
    }
}
