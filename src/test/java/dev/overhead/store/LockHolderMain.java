package dev.overhead.store;

/** Run in a child JVM by {@link StudyLockTest}: holds a study's lock, says so, and waits to be killed. */
public final class LockHolderMain {
    private LockHolderMain() {}

    public static void main(String[] args) throws Exception {
        try (Store store = Stores.open(args[0]);
                Store.Held held = store.lock(args[1])) {
            System.out.println("locked");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }

    /** Starts a holder and returns once it holds the lock. */
    public static Process hold(java.nio.file.Path store, String study) throws Exception {
        return hold(store.toString(), study);
    }

    /** The same for a store named by its --store value (a file or a postgresql:// URL). */
    public static Process hold(String store, String study) throws Exception {
        String javaBin = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                .toString();
        Process child = new ProcessBuilder(
                        javaBin,
                        "-cp",
                        System.getProperty("java.class.path"),
                        LockHolderMain.class.getName(),
                        store,
                        study)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        var out = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream()));
        if (!"locked".equals(out.readLine())) {
            child.destroyForcibly();
            throw new AssertionError("the lock holder did not start");
        }
        return child;
    }
}
