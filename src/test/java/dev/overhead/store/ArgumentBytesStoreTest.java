package dev.overhead.store;

import static dev.overhead.store.StoreFixtures.CREATED;
import static dev.overhead.store.StoreFixtures.info;
import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.exec.ArgBytes;
import dev.overhead.model.Variant;
import dev.overhead.model.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** An argument that is no UTF-8 comes back from the store as the same bytes, so resume runs it exactly. */
class ArgumentBytesStoreTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreKind.class)
    void bytesThatAreNotTextSurviveTheStore(StoreKind kind) throws Exception {
        String file = ArgBytes.decode(new byte[] {'f', (byte) 0xff, (byte) 0xc3, (byte) 0xa9});
        Workload workload = new Workload("cat", List.of("cat", file), false, Map.of(), List.of(), List.of());
        Variant variant = new Variant("v", Map.of("NAME", file), List.of("nice", file), List.of(), List.of());
        try (Store store = Stores.open(kind.fresh(dir))) {
            store.createStudy(
                    info("20261203-100000-0001", "bytes", CREATED), List.of(workload), List.of(variant), Map.of());
            var loaded = store.load("bytes").orElseThrow().workloads().getFirst();
            assertThat(ArgBytes.encode(loaded.workload().command().get(1))).containsExactly('f', 0xff, 0xc3, 0xa9);
            Variant back = loaded.variants().getFirst().variant();
            assertThat(back.prefix()).containsExactly("nice", file);
            assertThat(back.env()).containsEntry("NAME", file);
        }
    }
}
