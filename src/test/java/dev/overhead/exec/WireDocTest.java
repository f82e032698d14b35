package dev.overhead.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The wire-protocol table of docs/architecture.md against the C helper that speaks it: the request's
 * fields in the order {@code read_request} reads them, and the tree figures in the order of
 * {@code overhead-tree.h}. The table lacked the tree fields the helper had sent for a wave.
 */
class WireDocTest {
    private static final Path ROOT = Path.of(System.getProperty("overhead.project.root", "."));

    private static String row(String message) throws Exception {
        return Files.readAllLines(ROOT.resolve("docs/architecture.md")).stream()
                .filter(l -> l.startsWith("| " + message + " |"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void theRequestRowNamesTheFieldsTheHelperReadsInItsOrder() throws Exception {
        String c = Files.readString(ROOT.resolve("src/main/c/overhead-wire.c"));
        String body = c.substring(c.indexOf("void read_request(request_t *r) {"));
        body = body.substring(0, body.indexOf("\n}\n"));
        List<String> read = new ArrayList<>();
        Matcher m = Pattern.compile("r->(\\w+) = \\(?").matcher(body);
        while (m.find()) {
            String f = m.group(1);
            if (!f.equals("argv") && !f.equals("env")) { // arrays: `str`×argc in the table
                read.add(f);
            }
        }
        List<String> documented = new ArrayList<>();
        Matcher d = Pattern.compile("`(?:[iu]\\d+|str)`(?:×\\w+)? (\\w+)").matcher(row("request"));
        while (d.find()) {
            documented.add(d.group(1));
        }
        assertThat(read).as("fields read_request reads").hasSizeGreaterThan(10);
        assertThat(documented).as("the request row of docs/architecture.md").isEqualTo(read);
    }

    @Test
    void theResultRowNamesTheTreeFiguresInTheHelpersOrder() throws Exception {
        String h = Files.readString(ROOT.resolve("src/main/c/overhead-tree.h"));
        Matcher e = Pattern.compile("enum \\{ ([A-Z_, ]+), N_TREE \\};").matcher(h);
        assertThat(e.find()).as("the enum of overhead-tree.h").isTrue();
        String figures = e.group(1);
        assertThat(row("result")).contains("in the order of `overhead-tree.h`: " + figures + " ·");
    }
}
