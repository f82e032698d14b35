package dev.overhead.vm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An initramfs archive in the "new ASCII" cpio format the kernel unpacks (newc, magic 070701: a
 * 110-byte header of 13 eight-digit hexadecimal fields, the name with its NUL, padded to 4 bytes,
 * then the data, padded to 4 bytes; the last entry is {@code TRAILER!!!}; the kernel's
 * Documentation/driver-api/early-userspace/buffer-format.rst).
 */
final class Cpio {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
    private int inode = 1;

    void directory(String path) {
        entry(path, 0040755, new byte[0]);
    }

    void file(String path, int mode, byte[] data) {
        entry(path, 0100000 | (mode & 07777), data);
    }

    void symlink(String path, String target) {
        entry(path, 0120777, target.getBytes(StandardCharsets.UTF_8));
    }

    byte[] finish() {
        entry("TRAILER!!!", 0, new byte[0]);
        return out.toByteArray();
    }

    private void entry(String path, int mode, byte[] data) {
        String name = path.startsWith("/") ? path.substring(1) : path;
        byte[] nameBytes = (name + "\0").getBytes(StandardCharsets.UTF_8);
        boolean trailer = name.equals("TRAILER!!!");
        String header = "070701"
                + hex(trailer ? 0 : inode++) // ino
                + hex(mode)
                + hex(0) // uid
                + hex(0) // gid
                + hex(mode == 0040755 ? 2 : 1) // nlink
                + hex(0) // mtime: 0, so an archive's bytes depend on its content only
                + hex(data.length)
                + hex(0) // devmajor
                + hex(0) // devminor
                + hex(0) // rdevmajor
                + hex(0) // rdevminor
                + hex(nameBytes.length)
                + hex(0); // check
        out.writeBytes(header.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(nameBytes);
        pad();
        out.writeBytes(data);
        pad();
    }

    private void pad() {
        while (out.size() % 4 != 0) {
            out.write(0);
        }
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "%08x", v);
    }
}
