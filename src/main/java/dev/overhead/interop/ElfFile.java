package dev.overhead.interop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The section headers of an ELF file (System V gABI, "Sections"): 32- and 64-bit, either byte order.
 *
 * <p>A small reader of our own: Maven Central's ELF libraries (e.g. net.fornwall:jelf) are aimed at
 * symbols and dynamic sections, and sizes need only the ELF header, the section header table and
 * the section name string table. Only those are read (positioned reads), so a vmlinux of hundreds
 * of megabytes costs a few kilobytes. Extended numbering (e_shnum or e_shstrndx stored in section
 * 0) is handled.
 *
 * @param type e_type: 1 relocatable, 2 executable, 3 shared object, 4 core
 */
public record ElfFile(Path path, long fileSize, int bits, boolean bigEndian, int type, List<Section> sections) {

    public static final long SHF_WRITE = 0x1;
    public static final long SHF_ALLOC = 0x2;
    public static final long SHF_EXECINSTR = 0x4;
    public static final int SHT_NOBITS = 8;

    public ElfFile {
        sections = List.copyOf(sections);
    }

    /** One section header, as far as sizes need it. */
    public record Section(String name, int type, long flags, long address, long size) {
        public boolean allocated() {
            return (flags & SHF_ALLOC) != 0;
        }
    }

    /** The totals GNU size prints in its default (Berkeley) format. */
    public record Berkeley(long text, long data, long bss) {
        public long total() {
            return text + data + bss;
        }
    }

    /** The sections {@code size -A} lists that are loaded into memory (SHF_ALLOC), in file order. */
    public List<Section> allocated() {
        return sections.stream().filter(Section::allocated).toList();
    }

    /**
     * Berkeley totals as binutils' size.c sums them: every allocated section; code or read-only
     * (not SHF_WRITE) is text, else a section with contents is data, else (SHT_NOBITS) bss.
     */
    public Berkeley berkeley() {
        long text = 0, data = 0, bss = 0;
        for (Section s : allocated()) {
            if ((s.flags() & SHF_EXECINSTR) != 0 || (s.flags() & SHF_WRITE) == 0) {
                text += s.size();
            } else if (s.type() != SHT_NOBITS) {
                data += s.size();
            } else {
                bss += s.size();
            }
        }
        return new Berkeley(text, data, bss);
    }

    public static ElfFile read(Path path) {
        if (java.nio.file.Files.exists(path) && !java.nio.file.Files.isRegularFile(path)) {
            // a named pipe would block forever, a device never end (docs/reliability.md, case 17)
            throw new FormatException(path + " is not a regular file (a pipe, a device or a directory): 'overhead"
                    + " size' reads ELF files.");
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            ByteBuffer ident = read(ch, 0, 16, ByteOrder.LITTLE_ENDIAN, path);
            if (ident.get(0) != 0x7f || ident.get(1) != 'E' || ident.get(2) != 'L' || ident.get(3) != 'F') {
                throw notElf(path, "it does not start with the ELF magic number");
            }
            int cls = ident.get(4);
            int enc = ident.get(5);
            if ((cls != 1 && cls != 2) || (enc != 1 && enc != 2)) {
                throw notElf(path, "its ELF class or byte order is unknown");
            }
            boolean is64 = cls == 2;
            ByteOrder order = enc == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            ByteBuffer h = read(ch, 0, is64 ? 64 : 52, order, path);
            int type = Short.toUnsignedInt(h.getShort(16));
            long shoff = is64 ? h.getLong(0x28) : Integer.toUnsignedLong(h.getInt(0x20));
            int shentsize = Short.toUnsignedInt(h.getShort(is64 ? 0x3A : 0x2E));
            long shnum = Short.toUnsignedInt(h.getShort(is64 ? 0x3C : 0x30));
            int shstrndx = Short.toUnsignedInt(h.getShort(is64 ? 0x3E : 0x32));
            List<long[]> raw = new ArrayList<>();
            if (shoff != 0) {
                if (shoff < 0 || shoff >= fileSize) {
                    throw notElf(
                            path,
                            "its section header offset " + Long.toUnsignedString(shoff)
                                    + " is past the end of the file (" + fileSize + " bytes)");
                }
                if (shentsize < (is64 ? 64 : 40)) {
                    throw notElf(path, "its section header size " + shentsize + " is too small");
                }
                long[] first = header(read(ch, shoff, shentsize, order, path), is64);
                if (shnum == 0) {
                    shnum = first[4]; // extended numbering: the count is sh_size of section 0
                }
                if (shstrndx == 0xffff) {
                    shstrndx = (int) first[5]; // SHN_XINDEX: the index is sh_link of section 0
                }
                if (shoff + shnum * shentsize > fileSize) {
                    throw notElf(path, "its section headers run past the end of the file (truncated?)");
                }
                ByteBuffer table = read(ch, shoff, Math.toIntExact(shnum * shentsize), order, path);
                for (int i = 0; i < shnum; i++) {
                    raw.add(header(table.slice(i * shentsize, shentsize).order(order), is64));
                }
            }
            if (shstrndx != 0 && shstrndx >= raw.size()) {
                // the names would all be empty and the sizes printed under no name, exit 0 (third battery, case 12)
                throw notElf(
                        path,
                        "its section name table is section " + shstrndx + ", but it has " + raw.size() + " sections");
            }
            byte[] names = new byte[0];
            if (shstrndx > 0) {
                long[] strtab = raw.get(shstrndx);
                names = read(ch, strtab[3], Math.toIntExact(Math.min(strtab[4], fileSize - strtab[3])), order, path)
                        .array();
            }
            List<Section> sections = new ArrayList<>();
            for (int i = 1; i < raw.size(); i++) { // section 0 is the null section
                long[] s = raw.get(i);
                sections.add(new Section(name(names, (int) s[0]), (int) s[1], s[2], s[6], s[4]));
            }
            return new ElfFile(path, fileSize, is64 ? 64 : 32, order == ByteOrder.BIG_ENDIAN, type, sections);
        } catch (NoSuchFileException e) {
            throw new FormatException(path + " does not exist.", e);
        } catch (IllegalArgumentException | ArithmeticException | IndexOutOfBoundsException e) {
            // a header field pointing outside the file or overflowing a count: damaged, not our fault
            throw notElf(path, "a header points outside the file or counts more than it can hold");
        } catch (IOException e) {
            throw new FormatException(path + " cannot be read: " + e.getMessage() + ".", e);
        }
    }

    /** name, type, flags, offset, size, link, address */
    private static long[] header(ByteBuffer b, boolean is64) {
        if (is64) {
            return new long[] {
                Integer.toUnsignedLong(b.getInt(0)),
                Integer.toUnsignedLong(b.getInt(4)),
                b.getLong(8),
                b.getLong(0x18),
                b.getLong(0x20),
                Integer.toUnsignedLong(b.getInt(0x28)),
                b.getLong(0x10)
            };
        }
        return new long[] {
            Integer.toUnsignedLong(b.getInt(0)),
            Integer.toUnsignedLong(b.getInt(4)),
            Integer.toUnsignedLong(b.getInt(8)),
            Integer.toUnsignedLong(b.getInt(0x10)),
            Integer.toUnsignedLong(b.getInt(0x14)),
            Integer.toUnsignedLong(b.getInt(0x18)),
            Integer.toUnsignedLong(b.getInt(0x0C))
        };
    }

    private static String name(byte[] table, int offset) {
        if (offset < 0 || offset >= table.length) {
            return "";
        }
        int end = offset;
        while (end < table.length && table[end] != 0) {
            end++;
        }
        return new String(table, offset, end - offset, StandardCharsets.ISO_8859_1);
    }

    private static ByteBuffer read(FileChannel ch, long at, int length, ByteOrder order, Path path) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw notElf(path, "it ends too early");
            }
        }
        return b.flip().order(order);
    }

    private static FormatException notElf(Path path, String why) {
        return new FormatException(path + " is not an ELF file overhead can read (" + why
                + "); 'overhead size' compares ELF executables, shared objects, object files and kernels.");
    }
}
