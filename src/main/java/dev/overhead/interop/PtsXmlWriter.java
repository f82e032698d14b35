package dev.overhead.interop;

import dev.overhead.model.MetricSpec;
import dev.overhead.model.StudyResult;
import dev.overhead.model.VariantResult;
import dev.overhead.model.WorkloadResult;
import dev.overhead.stats.Direction;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A Phoronix Test Suite {@code composite.xml} that follows {@code pts-result-file.xsd}: one
 * {@code System} per variant, one {@code Result} per workload and metric (Identifier the workload,
 * Description the metric, Scale its unit, Proportion HIB/LIB), one {@code Entry} per variant with
 * the mean as {@code Value} and every run in {@code RawString}.
 */
public final class PtsXmlWriter {
    private PtsXmlWriter() {}

    public static String write(StudyResult study, String toolVersion) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("PhoronixTestSuite");
            x.writeCharacters("\n  ");
            x.writeStartElement("Generated");
            String label = study.info().label() == null || study.info().label().isBlank()
                    ? study.info().id()
                    : study.info().label();
            leaf(x, "Title", clip(label == null || label.isBlank() ? "overhead study" : label, 1, 126), 4);
            leaf(x, "LastModified", timestamp(study.info().created()), 4);
            leaf(x, "TestClient", "overhead " + toolVersion, 4);
            leaf(
                    x,
                    "Description",
                    clip("Written by overhead from study " + study.info().id(), 0, 2048),
                    4);
            x.writeCharacters("\n  ");
            x.writeEndElement();
            for (String variant : study.variantNames()) {
                x.writeCharacters("\n  ");
                x.writeStartElement("System");
                leaf(x, "Identifier", clip(variant, 1, 128), 4);
                for (String f : List.of("Hardware", "Software", "User")) {
                    leaf(x, f, "", 4);
                }
                leaf(x, "TimeStamp", timestamp(study.info().created()), 4);
                leaf(x, "TestClientVersion", toolVersion, 4);
                leaf(x, "Notes", "", 4);
                x.writeCharacters("\n  ");
                x.writeEndElement();
            }
            for (WorkloadResult w : study.workloads()) {
                for (MetricSpec m : Imported.metricsOf(w.workload())) {
                    if (w.variants().stream().allMatch(v -> v.values(m).length == 0)) {
                        continue;
                    }
                    result(x, w, m);
                }
            }
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }

    private static void result(XMLStreamWriter x, WorkloadResult w, MetricSpec m) throws XMLStreamException {
        x.writeCharacters("\n  ");
        x.writeStartElement("Result");
        leaf(x, "Identifier", w.name(), 4);
        leaf(x, "Title", clip(w.name(), 2, 50), 4);
        leaf(x, "AppVersion", "", 4);
        leaf(
                x,
                "Arguments",
                w.workload()
                        .parameters()
                        .getOrDefault(
                                PtsXml.ARGUMENTS, String.join(" ", w.workload().command())),
                4);
        leaf(x, "Description", m.name(), 4);
        leaf(x, "Scale", m.unit(), 4);
        leaf(x, "Proportion", m.better() == Direction.HIGHER ? "HIB" : "LIB", 4);
        leaf(x, "DisplayFormat", "BAR_GRAPH", 4);
        x.writeCharacters("\n    ");
        x.writeStartElement("Data");
        for (VariantResult v : w.variants()) {
            double[] values = v.values(m);
            if (values.length == 0) {
                continue;
            }
            x.writeCharacters("\n      ");
            x.writeStartElement("Entry");
            leaf(x, "Identifier", clip(v.name(), 1, 128), 8);
            leaf(x, "Value", number(Arrays.stream(values).average().orElse(Double.NaN)), 8);
            leaf(
                    x,
                    "RawString",
                    Arrays.stream(values).mapToObj(PtsXmlWriter::number).collect(Collectors.joining(":")),
                    8);
            x.writeCharacters("\n      ");
            x.writeEndElement();
        }
        x.writeCharacters("\n    ");
        x.writeEndElement();
        x.writeCharacters("\n  ");
        x.writeEndElement();
    }

    private static void leaf(XMLStreamWriter x, String tag, String text, int indent) throws XMLStreamException {
        x.writeCharacters("\n" + " ".repeat(indent));
        x.writeStartElement(tag);
        x.writeCharacters(text);
        x.writeEndElement();
    }

    /** The schema bounds some strings' lengths; pad short ones and cut long ones rather than write an invalid file. */
    private static String clip(String s, int min, int max) {
        String t = s.length() > max ? s.substring(0, max) : s;
        return t.length() < min ? (t + "  ").substring(0, min) : t;
    }

    private static String timestamp(Instant created) {
        return PtsXml.TIMESTAMP.format((created == null ? Instant.EPOCH : created).atOffset(ZoneOffset.UTC));
    }

    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : Double.toString(v).toLowerCase(Locale.ROOT);
    }
}
