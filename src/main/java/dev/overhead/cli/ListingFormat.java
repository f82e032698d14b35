package dev.overhead.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code --format text|json} of the commands that list what this machine has ({@code env},
 * {@code presets}, {@code profiles}), and the one way they write a listing: to the command's stdout,
 * JSON indented with one trailing newline.
 */
final class ListingFormat {

    enum Format {
        text,
        json
    }

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE})")
    Format format;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** What a listing's JSON is made from; Jackson may refuse it. */
    interface Json {
        String get() throws JsonProcessingException;
    }

    boolean json() {
        return format == Format.json;
    }

    /** Writes the listing as --format asks, only the form asked for being made; the command's exit code, 0. */
    int print(Json json, Supplier<String> text) throws JsonProcessingException {
        command.commandLine().getOut().print(json() ? json.get() : text.get());
        return 0;
    }

    static String json(Object value) throws JsonProcessingException {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value) + "\n";
    }
}
