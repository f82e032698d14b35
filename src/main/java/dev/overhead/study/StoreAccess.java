package dev.overhead.study;

import dev.overhead.store.BadStoreValue;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.store.Stores;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a command keeps its studies, as the user named it ({@code --store}, else {@code OVERHEAD_STORE},
 * else the default file): opened here, with every failure to open turned into one sentence.
 *
 * @param value the path or URL given, or null for the default file
 */
public record StoreAccess(String value) {

    /** The store named by {@code option} (null: not given), else by {@code OVERHEAD_STORE}. */
    public static StoreAccess of(String option) {
        if (option != null) {
            return new StoreAccess(option);
        }
        String env = System.getenv("OVERHEAD_STORE");
        return new StoreAccess(env == null || env.isBlank() ? null : env);
    }

    public boolean isServer() {
        return Stores.isServer(value);
    }

    public String describe() {
        return Stores.describe(value);
    }

    public Store open() {
        try {
            return Stores.open(value);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    public Store openForAdmin() {
        try {
            return Stores.openForAdmin(value);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    public Store openForReading() {
        try {
            return Stores.openForReading(value);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    /** The store's file, or null for a server. */
    public Path file() {
        if (isServer()) {
            return null;
        }
        try {
            return Stores.resolve(value);
        } catch (StoreException e) {
            throw refusal(e);
        }
    }

    public boolean mayExist() {
        return isServer() || Files.exists(file());
    }

    /** A bad value is the user's mistake (exit 2); a store that cannot be opened is a failure (exit 1). */
    public static UserError refusal(StoreException e) {
        return e instanceof BadStoreValue ? new UserError(2, e.getMessage(), e) : UserError.failed(e.getMessage(), e);
    }
}
