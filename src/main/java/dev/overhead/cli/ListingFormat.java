package dev.overhead.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Option;

/**
 * The {@code --format text|json} of the commands that list what this machine has ({@code env},
 * {@code presets}, {@code profiles}), and the one way they write JSON: indented, one trailing newline.
 */
final class ListingFormat {

    enum Format {
        text,
        json
    }

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE})")
    Format format;

    boolean json() {
        return format == Format.json;
    }

    static String json(Object value) throws JsonProcessingException {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value) + "\n";
    }
}
