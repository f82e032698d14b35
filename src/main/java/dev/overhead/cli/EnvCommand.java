package dev.overhead.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overhead.report.EnvironmentText;
import dev.overhead.sysinfo.EnvironmentProbe;
import dev.overhead.sysinfo.NoiseCheck;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "env", description = "Shows this machine as a study records it, and what makes it noisy.")
final class EnvCommand implements Callable<Integer> {

    @Mixin
    ListingFormat listing;

    @Override
    public Integer call() throws JsonProcessingException {
        Map<String, Object> env = EnvironmentProbe.live().probe();
        List<String> warnings = NoiseCheck.warnings(env);
        // json: exactly the map a study stores under "environment" (docs/cli.md, "JSON"); warnings are text-only
        return listing.print(() -> ListingFormat.json(env), () -> EnvironmentText.render(env, warnings));
    }
}
