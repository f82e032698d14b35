package dev.overhead.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Held while a study is measured, so that {@code resume} from another process is refused rather
 * than measuring the same study twice at once (docs/reliability.md, case 9). It is a POSIX record lock (what
 * {@link FileChannel#tryLock} takes on Linux) on one byte of {@code STORE.lock}, at an offset
 * derived from the study id: the kernel drops it when the process ends in any way, kill -9
 * included, so it cannot go stale. The file itself is left in place (removing it would race with
 * another process locking it).
 */
public final class StudyLock implements Store.Held {
    private final FileChannel channel;
    private final FileLock lock;

    private StudyLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static Path lockFile(Path store) {
        return store.resolveSibling(store.getFileName() + ".lock");
    }

    /** @throws StoreException when another process holds the study, or the lock file cannot be made */
    static StudyLock acquire(Path store, String studyId) throws StoreException {
        Path file = lockFile(store);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock(offset(studyId), 1, false);
            } catch (OverlappingFileLockException e) {
                lock = null; // this process already measures it
            }
            if (lock == null) {
                channel.close();
                throw new StoreException(
                        "study " + studyId + " is being measured by another overhead process right now: let it"
                                + " finish (or stop it), then resume.",
                        null);
            }
            return new StudyLock(channel, lock);
        } catch (IOException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // the first failure is the one to report
                }
            }
            throw new StoreException(
                    "cannot lock study " + studyId + " in " + file + " ("
                            + e.getClass().getSimpleName() + ": " + e.getMessage()
                            + "): check that the store's directory is writable.",
                    e);
        }
    }

    /**
     * Byte 0, taken while the schema is migrated: a second process opening a new or old store
     * waits for the first to finish rather than migrating it too.
     */
    static StudyLock migrating(Path store) throws StoreException {
        Path file = lockFile(store);
        try {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                return new StudyLock(channel, channel.lock(0, 1, false));
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException e) {
            throw new StoreException(
                    "cannot lock the store " + store + " to bring its schema up to date (" + e.getMessage()
                            + "): check that its directory is writable.",
                    e);
        }
    }

    /** A byte per study: the first 62 bits of the id's SHA-256, so two ids share one by chance only. */
    static long offset(String studyId) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(studyId.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (h[i] & 0xff);
            }
            return Math.max(1, v >>> 2); // byte 0 is the migration lock's
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // closing the channel releases the lock in any case; so does the process ending
        }
    }
}
