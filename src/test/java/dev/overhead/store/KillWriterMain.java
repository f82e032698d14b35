package dev.overhead.store;

import java.util.Map;

/**
 * Run in a child JVM by {@link StoreDurabilityTest}: creates a study and adds runs forever, printing
 * each index once its run is stored, until it is killed.
 */
public final class KillWriterMain {
    private KillWriterMain() {}

    public static void main(String[] args) throws Exception {
        Store store = Stores.open(args[0]);
        String id = args[1];
        store.createStudy(
                StoreFixtures.info(id, "killed", StoreFixtures.CREATED),
                StoreFixtures.WORKLOADS,
                StoreFixtures.VARIANTS,
                Map.of());
        for (int i = 0; ; i++) {
            store.addRun(id, "sort", i % 2 == 0 ? "glibc" : "traced", StoreFixtures.run(i / 2, i, 1.0 + i));
            System.out.println(i);
            System.out.flush();
            Thread.sleep(5);
        }
    }
}
