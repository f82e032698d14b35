package dev.overhead.interop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Two ELF files side by side: file size, Berkeley {@code text data bss} totals, and every allocated
 * section (as {@code size -A} lists them), each with its change in percent. Rendering is pure.
 *
 * @param rows in order: file, text, data, bss, total, then the sections of OLD followed by those
 *             only NEW has; a figure one side lacks is null
 */
public record SizeComparison(String oldName, String newName, List<Row> rows) {

    public record Row(String name, String kind, Long oldBytes, Long newBytes) {
        /** Change in percent; null where a side lacks the figure or the old one is 0. */
        public Double changePct() {
            if (oldBytes == null || newBytes == null || oldBytes == 0) {
                return null;
            }
            return (newBytes - oldBytes) * 100.0 / oldBytes;
        }
    }

    public static SizeComparison of(ElfFile older, ElfFile newer) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("file", "file", older.fileSize(), newer.fileSize()));
        ElfFile.Berkeley a = older.berkeley();
        ElfFile.Berkeley b = newer.berkeley();
        rows.add(new Row("text", "berkeley", a.text(), b.text()));
        rows.add(new Row("data", "berkeley", a.data(), b.data()));
        rows.add(new Row("bss", "berkeley", a.bss(), b.bss()));
        rows.add(new Row("total", "berkeley", a.total(), b.total()));
        Map<String, Long[]> sections = new LinkedHashMap<>();
        older.allocated()
                .forEach(s -> sections.computeIfAbsent(s.name(), k -> new Long[2])[0] =
                        add(sections.get(s.name()), 0, s.size()));
        newer.allocated()
                .forEach(s -> sections.computeIfAbsent(s.name(), k -> new Long[2])[1] =
                        add(sections.get(s.name()), 1, s.size()));
        sections.forEach((name, v) -> rows.add(new Row(name, "section", v[0], v[1])));
        return new SizeComparison(older.path().toString(), newer.path().toString(), rows);
    }

    /** Sections of one name (object files can have several .text.* groups named alike) are summed. */
    private static Long add(Long[] pair, int side, long size) {
        return pair == null || pair[side] == null ? size : pair[side] + size;
    }

    public String render(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "text" -> table(false);
            case "markdown" -> table(true);
            case "csv" -> csv();
            case "json" -> json();
            default ->
                throw new IllegalArgumentException("format '" + format + "' is not one of text, json, csv, markdown");
        };
    }

    private String table(boolean markdown) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"", oldName, newName, "change", "%"});
        for (Row r : rows) {
            cells.add(new String[] {r.name(), bytes(r.oldBytes()), bytes(r.newBytes()), delta(r), pct(r.changePct())});
        }
        int[] width = new int[5];
        cells.forEach(c -> {
            for (int i = 0; i < 5; i++) {
                width[i] = Math.max(width[i], c[i].length());
            }
        });
        StringBuilder out = new StringBuilder();
        for (int row = 0; row < cells.size(); row++) {
            String[] c = cells.get(row);
            StringBuilder line = new StringBuilder(markdown ? "| " : "");
            for (int i = 0; i < 5; i++) {
                String cell = i == 0 ? pad(c[i], width[i], false) : pad(c[i], width[i], true);
                line.append(cell).append(markdown ? " | " : i < 4 ? "  " : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (markdown && row == 0) {
                out.append("|").append("-".repeat(width[0] + 2));
                for (int i = 1; i < 5; i++) {
                    out.append("|").append("-".repeat(width[i] + 1)).append(':');
                }
                out.append("|\n");
            }
            if (!markdown && (row == 1 || row == 5)) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    private String csv() {
        StringBuilder out = new StringBuilder("name,kind,old_bytes,new_bytes,change_bytes,change_pct\n");
        for (Row r : rows) {
            out.append(quote(r.name()))
                    .append(',')
                    .append(r.kind())
                    .append(',')
                    .append(r.oldBytes() == null ? "" : r.oldBytes())
                    .append(',')
                    .append(r.newBytes() == null ? "" : r.newBytes())
                    .append(',')
                    .append(r.oldBytes() == null || r.newBytes() == null ? "" : r.newBytes() - r.oldBytes())
                    .append(',')
                    .append(r.changePct() == null ? "" : String.format(Locale.ROOT, "%.4f", r.changePct()))
                    .append('\n');
        }
        return out.toString();
    }

    private String json() {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = m.createObjectNode();
        root.put("old", oldName);
        root.put("new", newName);
        ArrayNode list = root.putArray("sizes");
        for (Row r : rows) {
            ObjectNode o = list.addObject();
            o.put("name", r.name());
            o.put("kind", r.kind());
            o.put("old_bytes", r.oldBytes());
            o.put("new_bytes", r.newBytes());
            o.put("change_pct", r.changePct());
        }
        try {
            return m.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static String bytes(Long b) {
        return b == null ? "-" : Long.toString(b);
    }

    private static String delta(Row r) {
        if (r.oldBytes() == null || r.newBytes() == null) {
            return r.oldBytes() == null ? "new" : "gone";
        }
        long d = r.newBytes() - r.oldBytes();
        return (d > 0 ? "+" : "") + d;
    }

    private static String pct(Double p) {
        return p == null ? "" : String.format(Locale.ROOT, "%+.2f%%", p);
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }
}
