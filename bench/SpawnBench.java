import dev.overhead.exec.ExecRequest;
import dev.overhead.exec.ExecResult;
import dev.overhead.exec.NativeExecutor;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Part of bench/spawn: runs one command N times through overhead's forking helper and prints three
 * figures: the lower quartile and the median of the wall time per run as the helper measured it,
 * and the real time per run seen from the JVM (the harness's whole cost per run, round trip
 * included). With --tree each run is measured in a cgroup of its own, as {@code overhead run} does
 * where it can. Launched by bench/spawn with the project's classes on the class path; not a test.
 *
 * Usage: java -cp target/classes bench/SpawnBench.java [--tree] RUNS COMMAND [ARGS...]
 */
public class SpawnBench {
    public static void main(String[] args) throws Exception {
        boolean tree = args[0].equals("--tree");
        if (tree) args = Arrays.copyOfRange(args, 1, args.length);
        int runs = Integer.parseInt(args[0]);
        var plain = ExecRequest.of(List.of(args).subList(1, args.length));
        var request = tree ? plain.withTree() : plain;
        try (var executor = NativeExecutor.start()) {
            for (int i = 0; i < Math.min(50, runs); i++) {
                executor.run(request); // warm-up: JIT and page cache, as hyperfine's --warmup
            }
            double[] wall = new double[runs];
            long t0 = System.nanoTime();
            for (int i = 0; i < runs; i++) {
                ExecResult r = executor.run(request);
                if (r.exitCode() != 0) throw new IllegalStateException("exit " + r.exitCode() + ": " + r.stderrTail());
                wall[i] = r.wallS();
            }
            double perRun = (System.nanoTime() - t0) / 1e9 / runs;
            Arrays.sort(wall);
            System.out.printf(Locale.ROOT, "%.9f %.9f %.9f%n", quantile(wall, 0.25), quantile(wall, 0.5), perRun);
        }
    }

    /** Of sorted values, linear between closest ranks (as numpy's default). */
    static double quantile(double[] sorted, double q) {
        double h = (sorted.length - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
