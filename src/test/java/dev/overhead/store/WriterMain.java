package dev.overhead.store;

import java.util.List;
import java.util.Map;

/**
 * Run in child JVMs by {@link PostgresStoreTest}: opens the store (migrating it if it is new), writes
 * studies of {@code runs} runs each, and finishes them, as separate overhead processes would.
 */
public final class WriterMain {
    private WriterMain() {}

    /** args: store, run count, study ids... */
    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[1]);
        try (Store store = Stores.open(args[0])) {
            for (int s = 2; s < args.length; s++) {
                String id = args[s];
                try (Store.Held held = store.lock(id)) {
                    store.createStudy(
                            StoreFixtures.info(id, id, StoreFixtures.CREATED),
                            StoreFixtures.WORKLOADS,
                            StoreFixtures.VARIANTS,
                            Map.of());
                    for (int i = 0; i < runs; i++) {
                        store.addRun(id, "sort", i % 2 == 0 ? "glibc" : "traced", StoreFixtures.run(i / 2, i, 1.0 + i));
                    }
                    store.finish(id, "done", List.of());
                }
            }
        }
        System.out.println("done");
    }
}
