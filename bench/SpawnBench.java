import dev.overhead.exec.ExecRequest;
import dev.overhead.exec.ExecResult;
import dev.overhead.exec.NativeExecutor;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Part of bench/spawn: runs one command N times through overhead's forking helper and prints two
 * figures, the median wall time per run as the helper measured it, and the real time per run seen
 * from the JVM (the harness's whole cost per run, round trip included). Launched by bench/spawn
 * with the project's classes on the class path; not a test.
 *
 * Usage: java -cp target/classes bench/SpawnBench.java RUNS COMMAND [ARGS...]
 */
public class SpawnBench {
    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        var request = ExecRequest.of(List.of(args).subList(1, args.length));
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
            double median = runs % 2 == 1 ? wall[runs / 2] : (wall[runs / 2 - 1] + wall[runs / 2]) / 2;
            System.out.printf(Locale.ROOT, "%.9f %.9f%n", median, perRun);
        }
    }
}
