package dev.overhead.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The link-order shuffle of {@code levels: {link_order: shuffle}} (docs/workloads.md): a compiler
 * wrapper that the build reaches as {@code $CC}. Compiling ({@code -c}, {@code -S}, {@code -E})
 * passes straight to the real compiler ({@code $OVERHEAD_REAL_CC}); linking shuffles the object
 * files among their own places on the command line by the build's seed ({@code $OVERHEAD_SEED}),
 * so each build lays out functions in another order (Mytkowicz et al. 2009: link order alone moves
 * results by several percent; Curtsinger and Berger 2013). Written by hand: no packaged tool does
 * this; it is a POSIX shell script with awk, which every system with a C compiler has.
 */
final class LinkOrder {
    private LinkOrder() {}

    static final String SCRIPT = "dev/overhead/run/link-order-cc.sh";

    /** Writes the wrapper into the build directory and returns its path. */
    static Path install(Path buildDir) {
        Path wrapper = buildDir.resolve(".overhead-cc");
        try (InputStream in = LinkOrder.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + SCRIPT + ": rebuild overhead");
            }
            Files.write(wrapper, in.readAllBytes());
            Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
            return wrapper;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
