package dev.overhead.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.overhead.model.WorkloadResult;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The byte-level reader (CsvRows, Decimals) against the straightforward one it replaced
 * (StraightSampleCsv) on random sample files full of what a file can hold: CRLF and lone CRs,
 * blank lines, white space inside and around cells (also beyond ASCII), quotes, extra and missing
 * columns, numbers of every shape, long runs of one key and keys that change.
 */
class SampleCsvAgreementTest {
    private static final String[] HEADERS = {
        "workload,variant,metric,value",
        "workload,variant,metric,value,better,unit",
        "value,workload,metric,variant",
        " Workload , VARIANT ,metric,extra,value",
        "unit,better,value,metric,variant,workload"
    };
    private static final String[] WORKLOADS = {"w", "build", "x y", "ü", "\"q,w\"", " w "};
    private static final String[] VARIANTS = {"a", "b", "base", "c\u00a0"};
    private static final String[] METRICS = {"wall", "t", "max_rss", "cpu", "throughput"};
    private static final String[] BETTER = {"", "lower", "higher"};
    private static final String[] UNITS = {"", "s", "MB/s"};
    private static final String[] ODD_NUMBERS = {
        "1",
        "0",
        "-0",
        "+.5",
        "1.",
        "007",
        "1e3",
        "1E-7",
        "2.5e+300",
        "1e400",
        "12345678901234567",
        "0.1234567890123456",
        "9007199254740993",
        "1e-320",
        "4.9e-324",
        "123456789012345e-22",
        "1e22",
        "1e23",
        "abc",
        "",
        " 3 ",
        "\u3000 4",
        "5\u2003",
        "NaN",
        "Infinity",
        "0x1p3",
        "1d",
        "--1",
        ".",
        "1e",
        "\"2.5\"",
        "3\r",
        "1,5"
    };

    @Test
    void theFastReaderAgreesWithTheStraightOneValueForValueAndMessageForMessage() {
        SplittableRandom seeds = new SplittableRandom(20261203);
        for (int t = 0; t < 3000; t++) {
            SplittableRandom r = seeds.split();
            String text = file(r);
            assertThat(outcome(() -> SampleCsv.read(text, "f.csv")))
                    .as("file %d:%n%s", t, text)
                    .isEqualTo(outcome(() -> StraightSampleCsv.read(text, "f.csv")));
        }
    }

    @Test
    void everyPlainDecimalIsTheDoubleParseDoubleGives() {
        // the rows read values with FastDoubleParser, in place in the bytes; up to 39 digits, signs, exponents
        SplittableRandom r = new SplittableRandom(7);
        int checked = 0;
        for (int t = 0; t < 200_000; t++) {
            String s = number(r);
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            if (!CsvRows.plainNumber(b, 0, b.length)) {
                continue;
            }
            checked++;
            CsvRows rows = new CsvRows(("v\n" + s + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8), 1);
            assertThat(rows.next()).isTrue(); // the header
            rows.slots(new int[] {0}, 0);
            assertThat(rows.next()).isTrue();
            rows.split("t.csv");
            assertThat(Double.doubleToRawLongBits(rows.number(0)))
                    .as(s)
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(s)));
        }
        assertThat(checked).isGreaterThan(100_000);
    }

    private static String number(SplittableRandom r) {
        StringBuilder s = new StringBuilder();
        if (r.nextInt(4) == 0) {
            s.append(r.nextBoolean() ? '-' : '+');
        }
        int digits = r.nextInt(20);
        for (int i = 0; i < digits; i++) {
            s.append((char) ('0' + (r.nextInt(3) == 0 ? 0 : r.nextInt(10))));
        }
        if (r.nextBoolean()) {
            s.append('.');
            int frac = r.nextInt(20);
            for (int i = 0; i < frac; i++) {
                s.append((char) ('0' + r.nextInt(10)));
            }
        }
        if (r.nextInt(3) == 0) {
            s.append(r.nextBoolean() ? 'e' : 'E');
            if (r.nextBoolean()) {
                s.append(r.nextBoolean() ? '-' : '+');
            }
            s.append(r.nextInt(r.nextBoolean() ? 30 : 400));
        }
        return s.toString();
    }

    private static String file(SplittableRandom r) {
        String header = HEADERS[r.nextInt(HEADERS.length)];
        List<String> columns = List.of(header.split(","));
        StringBuilder s = new StringBuilder();
        if (r.nextInt(10) == 0) {
            s.append(r.nextBoolean() ? "\n" : " \r\n");
        }
        s.append(header).append(newline(r));
        int rows = r.nextInt(40);
        String[] key = key(r);
        for (int i = 0; i < rows; i++) {
            if (r.nextInt(6) == 0) {
                key = key(r);
            }
            if (r.nextInt(30) == 0) {
                s.append(r.nextBoolean() ? "" : " \t").append(newline(r));
            }
            int cells = columns.size() + (r.nextInt(25) == 0 ? r.nextInt(3) - 2 : 0);
            for (int c = 0; c < cells; c++) {
                if (c > 0) {
                    s.append(',');
                }
                String name = c < columns.size() ? columns.get(c).strip().toLowerCase(java.util.Locale.ROOT) : "";
                String cell = switch (name) {
                    case "workload" -> key[0];
                    case "variant" -> key[1];
                    case "metric" -> key[2];
                    case "better" -> key[3];
                    case "unit" -> key[4];
                    case "value" -> value(r);
                    default -> r.nextBoolean() ? "" : "z";
                };
                s.append(cell);
            }
            if (i < rows - 1 || r.nextBoolean()) {
                s.append(newline(r));
            }
        }
        return s.toString();
    }

    private static String[] key(SplittableRandom r) {
        String metric = METRICS[r.nextInt(METRICS.length)];
        boolean builtin = !metric.equals("t") && !metric.equals("throughput");
        return new String[] {
            WORKLOADS[r.nextInt(WORKLOADS.length)],
            VARIANTS[r.nextInt(VARIANTS.length)],
            metric,
            builtin && r.nextInt(8) != 0 ? "" : BETTER[r.nextInt(BETTER.length)],
            builtin && r.nextInt(8) != 0 ? "" : UNITS[r.nextInt(UNITS.length)]
        };
    }

    private static String value(SplittableRandom r) {
        if (r.nextInt(40) == 0) {
            return ODD_NUMBERS[r.nextInt(ODD_NUMBERS.length)];
        }
        String v = r.nextInt(4) == 0 ? number(r) : String.format(java.util.Locale.ROOT, "%.6g", r.nextDouble() * 100);
        return r.nextInt(20) == 0 ? " " + v + "\t" : v;
    }

    private static String newline(SplittableRandom r) {
        return switch (r.nextInt(12)) {
            case 0 -> "\r\n";
            case 1 -> "\r\r\n";
            case 2 -> " \n";
            default -> "\n";
        };
    }

    private static Object outcome(java.util.function.Supplier<dev.overhead.model.StudyResult> read) {
        try {
            List<WorkloadResult> workloads = read.get().workloads();
            return workloads;
        } catch (FormatException e) {
            return e.getMessage();
        }
    }
}
