package dev.overhead.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** Issue 31 case 6: serve's Atom feed of regressions (before: /feed.atom was "there is no page"). */
class FeedTest {
    private static final String ATOM = "http://www.w3.org/2005/Atom";
    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    @Test
    void aStudyWhosePrimaryIsWorseIsAnEntryAndOneWithoutIsNot() throws Exception {
        MemoryStore store = new MemoryStore();
        store.add(MemoryStore.study("same", "nightly", T0, "lab-a", 1.00));
        store.add(MemoryStore.study("slow", "nightly", T0.plusSeconds(86400), "lab-a", 1.30));
        store.add(MemoryStore.study("hostile", RoutesTest.HOSTILE, T0.plusSeconds(2 * 86400), "lab-b", 1.30));
        Routes routes = new Routes(
                new Catalog(store),
                new Presentation(UnaryOperator.identity(), UnaryOperator.identity(), Locale.ROOT, ZoneOffset.UTC));
        Routes.Reply r = routes.answer("/feed.atom", Map.of());
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.type()).startsWith("application/atom+xml");

        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        var doc = factory.newDocumentBuilder()
                .parse(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
        Element feed = doc.getDocumentElement();
        assertThat(feed.getNamespaceURI()).isEqualTo(ATOM);
        assertThat(feed.getLocalName()).isEqualTo("feed");
        // RFC 4287 4.1.1: a feed has an id, a title, updated, and an author (here, not in each entry)
        for (String required : new String[] {"id", "title", "updated", "author"}) {
            assertThat(feed.getElementsByTagNameNS(ATOM, required).getLength())
                    .as(required)
                    .isPositive();
        }
        var entries = feed.getElementsByTagNameNS(ATOM, "entry");
        assertThat(entries.getLength()).as(r.body()).isEqualTo(2);
        Element newest = (Element) entries.item(0);
        assertThat(text(newest, "id")).isEqualTo("urn:overhead:study:hostile");
        assertThat(text(newest, "title")).startsWith(RoutesTest.HOSTILE + " on lab-b: 1 regression");
        Element slow = (Element) entries.item(1);
        assertThat(text(slow, "id")).isEqualTo("urn:overhead:study:slow");
        assertThat(text(slow, "updated")).isEqualTo("2026-11-02T10:00:00Z");
        assertThat(text(slow, "summary"))
                .contains("stackleak vs base on hackbench, wall: +")
                .endsWith("worse");
        assertThat(((Element) slow.getElementsByTagNameNS(ATOM, "link").item(0)).getAttribute("href"))
                .isEqualTo("/study/slow");
        assertThat(r.body()).doesNotContain("<script>");
    }

    private static String text(Element e, String name) {
        return e.getElementsByTagNameNS(ATOM, name).item(0).getTextContent();
    }
}
