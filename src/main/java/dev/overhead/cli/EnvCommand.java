package dev.overhead.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.overhead.report.EnvironmentText;
import dev.overhead.sysinfo.EnvironmentProbe;
import dev.overhead.sysinfo.NoiseCheck;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "env", description = "Shows this machine as a study records it, and what makes it noisy.")
final class EnvCommand implements Callable<Integer> {

    enum Format {
        text,
        json
    }

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE})")
    Format format;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws JsonProcessingException {
        Map<String, Object> env = EnvironmentProbe.live().probe();
        List<String> warnings = NoiseCheck.warnings(env);
        String out = switch (format) {
            case text -> EnvironmentText.render(env, warnings);
            // Exactly the map a study stores under "environment" (docs/cli.md, "JSON"); warnings are text-only here.
            case json ->
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(env) + "\n";
        };
        spec.commandLine().getOut().print(out);
        return 0;
    }
}
