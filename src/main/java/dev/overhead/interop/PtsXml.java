package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.Run;
import dev.overhead.model.StudyResult;
import dev.overhead.model.Variant;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.io.StringReader;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Phoronix Test Suite result files ({@code composite.xml}, schema {@code pts-result-file.xsd}): each
 * {@code System} is a variant, each {@code Result} a workload with one metric named by its
 * {@code Scale} and directed by its {@code Proportion} (HIB higher, LIB lower), each
 * {@code Data/Entry} one system's runs, {@code RawString} the per-run values separated by ':'.
 *
 * <p>Real files are untidy: an entry may have an empty {@code RawString} (only {@code Value}, the
 * average: read as one run, with a warning), a system may appear twice in one result (its values are
 * joined, with a warning), and the dynamic run count adds runs where the spread was large (noted).
 */
public final class PtsXml {
    /** The parameter that holds a result's PTS {@code Arguments}. */
    public static final String ARGUMENTS = "arguments";

    private PtsXml() {}

    static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    static boolean looksLike(String text) {
        String head = text.stripLeading();
        return head.startsWith("<") && head.contains("<PhoronixTestSuite");
    }

    public static StudyResult read(String text, String source) {
        Element root = parse(text, source).getDocumentElement();
        if (!root.getTagName().equals("PhoronixTestSuite")) {
            throw new FormatException(source + " is XML but not a Phoronix Test Suite result file (its root is <"
                    + root.getTagName() + ">).");
        }
        List<String> warnings = new ArrayList<>();
        Set<String> systems = new LinkedHashSet<>();
        Map<String, Object> described = new LinkedHashMap<>();
        for (Element s : children(root, "System")) {
            String id = text(s, "Identifier");
            if (!systems.add(id)) {
                warnings.add(
                        "%s: system '%s' is listed twice; its results are read as one variant.".formatted(source, id));
            }
            Map<String, String> info = new LinkedHashMap<>();
            for (String field : List.of("Hardware", "Software", "User", "TimeStamp", "TestClientVersion", "Notes")) {
                if (!text(s, field).isEmpty()) {
                    info.put(field.toLowerCase(Locale.ROOT), text(s, field));
                }
            }
            described.put(id, info);
        }
        Set<String> names = new LinkedHashSet<>();
        List<WorkloadResult> workloads = new ArrayList<>();
        for (Element r : children(root, "Result")) {
            String description = text(r, "Description");
            String base = text(r, "Identifier") + (description.isEmpty() ? "" : " [" + description + "]");
            String name = base;
            for (int i = 2; !names.add(name); i++) {
                name = base + " #" + i;
            }
            if (!name.equals(base)) {
                warnings.add("%s: result '%s' appears more than once; read as '%s'.".formatted(source, base, name));
            }
            String scale = text(r, "Scale");
            Direction better = switch (text(r, "Proportion").strip()) {
                case "HIB" -> Direction.HIGHER;
                case "LIB" -> Direction.LOWER;
                default -> {
                    warnings.add("%s: result '%s' does not say whether higher or lower is better; taken as lower."
                            .formatted(source, name));
                    yield Direction.LOWER;
                }
            };
            MetricSpec metric = Imported.metric(scale.isEmpty() ? "value" : scale, better, scale);
            Map<String, List<Double>> values = new LinkedHashMap<>();
            Element data = child(r, "Data");
            for (Element e : data == null ? List.<Element>of() : children(data, "Entry")) {
                String system = text(e, "Identifier");
                List<Double> read = entryValues(e, source, name, system, warnings);
                if (values.containsKey(system) && !read.isEmpty()) {
                    warnings.add("%s: system '%s' has two entries in '%s'; their runs are joined."
                            .formatted(source, system, name));
                }
                values.computeIfAbsent(system, k -> new ArrayList<>()).addAll(read);
            }
            int usual = values.values().stream().mapToInt(List::size).min().orElse(0);
            List<VariantResult> variants = new ArrayList<>();
            for (String system : orderedSystems(systems, values.keySet())) {
                List<Double> v = values.getOrDefault(system, List.of());
                if (v.isEmpty()) {
                    continue;
                }
                if (v.size() > usual && usual > 1) {
                    warnings.add(
                            "%s: '%s' has %d runs on '%s' where others have %d (PTS adds runs when the spread is large)."
                                    .formatted(source, name, v.size(), system, usual));
                }
                List<Run> runs = new ArrayList<>();
                for (double x : v) {
                    runs.add(Imported.metricsRun(runs.size(), Map.of(metric.name(), x)));
                }
                variants.add(new VariantResult(Variant.plain(system), runs));
            }
            if (variants.isEmpty()) {
                warnings.add("%s: result '%s' has no values; left out.".formatted(source, name));
                continue;
            }
            // PTS's Arguments are the test's options ("12" clients), not a command anyone could run
            Map<String, String> arguments =
                    text(r, "Arguments").isEmpty() ? Map.of() : Map.of(ARGUMENTS, text(r, "Arguments"));
            workloads.add(new WorkloadResult(Imported.workload(name, List.of(), arguments, List.of(metric)), variants));
        }
        if (workloads.isEmpty()) {
            throw new FormatException(source + " is a Phoronix Test Suite file without any result values.");
        }
        Element generated = child(root, "Generated");
        String title = generated == null ? Imported.stem(source) : text(generated, "Title");
        StudyResult study = Imported.study(
                Imported.stem(source),
                title.isEmpty() ? Imported.stem(source) : title,
                generated == null ? null : timestamp(text(generated, "LastModified")),
                "pts",
                workloads,
                warnings);
        return new StudyResult(
                study.info(),
                Map.of("pts_systems", described),
                study.workloads(),
                List.of(),
                study.warnings(),
                List.of());
    }

    private static List<String> orderedSystems(Set<String> declared, Set<String> present) {
        Set<String> all = new LinkedHashSet<>(declared);
        all.addAll(present);
        return new ArrayList<>(all);
    }

    private static List<Double> entryValues(
            Element e, String source, String name, String system, List<String> warnings) {
        String raw = text(e, "RawString");
        String value = text(e, "Value");
        List<Double> out = new ArrayList<>();
        if (!raw.isEmpty()) {
            int skipped = 0;
            for (String part : raw.split(":")) {
                try {
                    out.add(Double.parseDouble(part.strip()));
                } catch (NumberFormatException ex) {
                    skipped++;
                }
            }
            if (skipped > 0) {
                warnings.add("%s: %d values of '%s' on '%s' are not numbers; left out."
                        .formatted(source, skipped, name, system));
            }
            return out;
        }
        if (!value.isEmpty()) {
            try {
                out.add(Double.parseDouble(value));
                warnings.add("%s: '%s' on '%s' has only its average (no RawString): one value, no spread."
                        .formatted(source, name, system));
            } catch (NumberFormatException ex) {
                warnings.add("%s: '%s' on '%s' has the value '%s', not a number; left out."
                        .formatted(source, name, system, value));
            }
            return out;
        }
        warnings.add("%s: '%s' on '%s' has no values; left out.".formatted(source, name, system));
        return out;
    }

    private static java.time.Instant timestamp(String text) {
        try {
            return LocalDateTime.parse(text, TIMESTAMP).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The JDK's parser with DOCTYPEs, external entities and XInclude refused (no XXE). */
    static Document parse(String text, String source) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            return b.parse(new InputSource(new StringReader(text)));
        } catch (SAXParseException e) {
            throw new FormatException(
                    "%s line %d: not well-formed XML (%s).".formatted(source, e.getLineNumber(), e.getMessage()), e);
        } catch (SAXException | java.io.IOException | ParserConfigurationException e) {
            throw new FormatException(source + " cannot be read as XML: " + e.getMessage(), e);
        }
    }

    static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }

    static Element child(Element parent, String tag) {
        List<Element> c = children(parent, tag);
        return c.isEmpty() ? null : c.getFirst();
    }

    static String text(Element parent, String tag) {
        Element c = child(parent, tag);
        return c == null ? "" : c.getTextContent().strip();
    }
}
