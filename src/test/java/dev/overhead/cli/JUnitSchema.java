package dev.overhead.cli;

import java.io.StringReader;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;

/** Validates JUnit XML against src/test/resources/junit/jenkins-junit.xsd (the layout Jenkins reads). */
public final class JUnitSchema {
    private JUnitSchema() {}

    public static void validate(String xml) throws Exception {
        var factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        var schema = factory.newSchema(JUnitSchema.class.getResource("/junit/jenkins-junit.xsd"));
        schema.newValidator().validate(new StreamSource(new StringReader(xml)));
    }
}
