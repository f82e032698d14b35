package dev.overhead.exec;

/** Chooses the executor: the fake one for tests, else the forking helper, else the FFM fallback. */
public final class Executors {
    private Executors() {}

    /**
     * The best executor this machine allows. Without a C compiler (or if the helper cannot be built
     * or started) it is the FFM one, whose {@link Executor#describe()} says why and whose
     * {@link Executor#exactMaxRss()} is false, so callers can warn that peak RSS is not the command's.
     */
    public static Executor create(boolean fake) {
        if (fake) {
            return new FakeExecutor();
        }
        try {
            return NativeExecutor.start();
        } catch (ExecException e) {
            return new FfmExecutor(e.getMessage());
        }
    }
}
