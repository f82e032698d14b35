package dev.overhead.store;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** The two kinds of store, for tests that every store must pass (parameterized with {@code @EnumSource}). */
enum StoreKind {
    SQLITE,
    POSTGRESQL;

    private static final AtomicInteger FILES = new AtomicInteger();

    /** A new, empty store's --store value: a file in {@code dir}, or a schema of its own on the test server. */
    String fresh(Path dir) {
        return this == SQLITE
                ? dir.resolve("store-" + FILES.incrementAndGet() + ".db").toString()
                : TestPostgres.freshStore();
    }
}
