package dev.overhead.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output that remembers why a write failed: {@code PrintWriter} only says that one did.
 * A closed pipe ({@code overhead report | head -1}) is the reader's choice and passes quietly, as
 * SIGPIPE would end a C tool; any other failure (a full disk, {@code /dev/full}) is exit 1 (docs/reliability.md, case 20).
 */
final class Stdout extends OutputStream {
    private static volatile boolean brokenPipe;
    private final OutputStream out = new FileOutputStream(FileDescriptor.out);

    static boolean brokenPipe() {
        return brokenPipe;
    }

    @Override
    public void write(int b) throws IOException {
        guarded(() -> out.write(b));
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        guarded(() -> out.write(b, off, len));
    }

    @Override
    public void flush() throws IOException {
        guarded(out::flush);
    }

    private interface Io {
        void run() throws IOException;
    }

    private static void guarded(Io io) throws IOException {
        try {
            io.run();
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).contains("Broken pipe")) {
                brokenPipe = true;
            }
            throw e;
        }
    }
}
