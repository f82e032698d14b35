package dev.overhead.plan;

import dev.overhead.model.Workload;
import dev.overhead.plan.YamlTree.Entry;
import dev.overhead.plan.YamlTree.Mapping;
import dev.overhead.plan.YamlTree.Scalar;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The workload profiles: those shipped in the jar ({@code dev/overhead/profiles/index} lists them),
 * then the user's {@code $XDG_CONFIG_HOME/overhead/profiles/*.yaml} (falling back to
 * {@code ~/.config}), a user's file replacing a shipped one of the same name.
 *
 * <p>A profile file is a plan's workload entry without its name, plus {@code description},
 * {@code package}, {@code program} (default: the command's first word) and {@code primary}. It is
 * read by the plan's own {@link WorkloadReader}, so a profile and a plan cannot disagree on what a
 * command, a parameter or a metric is.
 */
public final class Profiles {
    static final List<String> OWN_KEYS = List.of("description", "package", "program");
    static final List<String> KEYS = List.of(
            "description", "package", "program", "command", "shell", "parameters", "prepare", "metrics", "primary");
    private static final String RESOURCES = "/dev/overhead/profiles/";

    /** A profile and the YAML it was read from, which plans instantiate. */
    record Loaded(Profile profile, Mapping body, PlanNodes nodes) {}

    private final Map<String, Loaded> byName;

    private Profiles(Map<String, Loaded> byName) {
        this.byName = byName;
    }

    /** The shipped profiles and the user's, from the folder the environment names. */
    public static Profiles load() throws PlanException {
        return load(userFolder(System.getenv()));
    }

    /** The shipped profiles, then those in {@code userFolder} (absent: none). */
    public static Profiles load(Path userFolder) throws PlanException {
        Map<String, Loaded> all = new TreeMap<>();
        for (String file : shippedFiles()) {
            String text = resource(file);
            Loaded p = parse(Path.of("profiles", file), stem(file), text);
            all.put(p.profile().name(), p);
        }
        if (userFolder != null && Files.isDirectory(userFolder)) {
            List<Path> files;
            try (Stream<Path> s = Files.list(userFolder)) {
                files = s.filter(f -> f.getFileName().toString().endsWith(".yaml"))
                        .sorted()
                        .toList();
            } catch (IOException e) {
                throw new PlanException(userFolder, 0, 0, "cannot be listed (" + e.getMessage() + ")", e);
            }
            for (Path f : files) {
                String text;
                try {
                    text = Files.readString(f);
                } catch (IOException e) {
                    throw new PlanException(f, 0, 0, "cannot be read as UTF-8 text (" + e.getMessage() + ")", e);
                }
                Loaded p = parse(f, stem(f.getFileName().toString()), text);
                all.put(p.profile().name(), p);
            }
        }
        return new Profiles(all);
    }

    /** {@code $XDG_CONFIG_HOME/overhead/profiles}, or {@code ~/.config/overhead/profiles}. */
    public static Path userFolder(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "overhead", "profiles");
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        return home == null ? null : Path.of(home, ".config", "overhead", "profiles");
    }

    public Collection<Profile> all() {
        return byName.values().stream().map(Loaded::profile).toList();
    }

    public Optional<Profile> find(String name) {
        return Optional.ofNullable(byName.get(name)).map(Loaded::profile);
    }

    Optional<Loaded> loaded(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The package of the first profile that runs {@code program}, for "apt-get install ...". */
    public Optional<String> packageFor(String program) {
        String base = Path.of(program).getFileName().toString();
        return byName.values().stream()
                .map(Loaded::profile)
                .filter(p -> p.program().equals(program) || p.program().equals(base))
                .map(Profile::packageName)
                .findFirst();
    }

    static Loaded parse(Path file, String name, String text) throws PlanException {
        PlanNodes nodes = new PlanNodes(file);
        YamlTree root;
        try {
            root = YamlTree.parse(text);
        } catch (YamlTree.SyntaxError e) {
            throw new PlanException(file, e.place.line(), e.place.column(), e.getMessage(), e);
        }
        Mapping m = nodes.mapping(root, "a profile", "description: ..., package: ..., command: [...]");
        String context = "the profile " + name;
        nodes.onlyKnownKeys(m, context, KEYS);
        String description = nodes.text(
                nodes.required(m, "description", context, "say in one line what it measures"), "description");
        String pkg = nodes.text(
                nodes.required(m, "package", context, "name the Debian package that provides the program"), "package");
        // Read as a plan's workload would be, with the defaults: every fault shows here, at load.
        Mapping body = withoutOwnKeys(m);
        List<Workload> instances = new WorkloadReader(nodes, null).workload(body, name, context, false);
        Workload w = instances.getFirst();
        if (instances.size() > 1) {
            throw nodes.fail(
                    m.entries().get("parameters").value(),
                    context + " gives a parameter several values: a profile"
                            + " gives one default each, and a plan sweeps");
        }
        YamlTree programNode = PlanNodes.optional(m, "program");
        List<String> template = nodes.words(m.entries().get("command").value(), "command", false);
        String program =
                programNode != null ? nodes.text(programNode, "program") : (w.shell() ? "sh" : template.getFirst());
        return new Loaded(
                new Profile(
                        name,
                        description,
                        program,
                        pkg,
                        template,
                        w.parameters(),
                        w.metrics(),
                        w.primaryOr("wall"),
                        file.toString()),
                body,
                nodes);
    }

    private static Mapping withoutOwnKeys(Mapping m) {
        Map<String, Entry> entries = new LinkedHashMap<>(m.entries());
        OWN_KEYS.forEach(entries::remove);
        return new Mapping(entries, m.place());
    }

    /**
     * A plan's {@code profile:} workload: the profile's body, the plan's parameters over its
     * defaults, the plan's {@code primary} and {@code prepare} over its own.
     */
    Mapping merge(Loaded profile, Mapping use, PlanNodes nodes, String context) throws PlanException {
        Map<String, Entry> entries = new LinkedHashMap<>(profile.body().entries());
        for (Entry e : use.entries().values()) {
            switch (e.key()) {
                case "name", "profile" -> {}
                case "parameters" -> {
                    Mapping given = nodes.mapping(e.value(), "parameters in " + context, "{groups: [5, 15]}");
                    Map<String, Entry> params = new LinkedHashMap<>();
                    YamlTree own = PlanNodes.optional(profile.body(), "parameters");
                    if (own instanceof Mapping o) {
                        params.putAll(o.entries());
                    }
                    for (Entry p : given.entries().values()) {
                        if (!params.containsKey(p.key())) {
                            throw nodes.fail(
                                    p.keyPlace(),
                                    context + " sets '" + p.key() + "', which is not a parameter of the profile "
                                            + profile.profile().name() + " (its parameters: "
                                            + String.join(
                                                    ", ",
                                                    profile.profile().defaults().keySet()) + ")");
                        }
                        params.put(p.key(), p);
                    }
                    entries.put(
                            "parameters", new Entry("parameters", e.keyPlace(), new Mapping(params, given.place())));
                }
                default -> entries.put(e.key(), e);
            }
        }
        return new Mapping(entries, use.place());
    }

    /** A YAML scalar made from text given elsewhere (the command line). */
    static Scalar scalar(String text) {
        return new Scalar(text, com.fasterxml.jackson.core.JsonToken.VALUE_STRING, new YamlTree.Place(0, 0));
    }

    private static List<String> shippedFiles() {
        List<String> out = new ArrayList<>();
        for (String line : resource("index").split("\n")) {
            if (!line.isBlank()) {
                out.add(line.strip());
            }
        }
        return out;
    }

    private static String resource(String file) {
        try (InputStream in = Profiles.class.getResourceAsStream(RESOURCES + file)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + RESOURCES + file + ": rebuild overhead");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCES + file + " from the jar", e);
        }
    }

    private static String stem(String file) {
        return file.endsWith(".yaml") ? file.substring(0, file.length() - 5) : file;
    }
}
