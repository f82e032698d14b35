package dev.overhead;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page as headless Chromium leaves it once its scripts ran: the DOM and the console's log. The one
 * way the tests drive a browser (the report's page, the why page, serve's pages).
 */
public record Browser(String dom, String log) {
    private static final List<String> CANDIDATES =
            List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");

    /** The Chromium installed here, or null ({@code apt-get install chromium}; .ci/run installs it). */
    public static String chromium() {
        return CANDIDATES.stream()
                .filter(p -> Files.isExecutable(Path.of(p)))
                .findFirst()
                .orElse(null);
    }

    /** The page in a window 1280 pixels wide and 4000 high. */
    public static Browser open(String chromium, Path profile, URI page) throws IOException, InterruptedException {
        return open(chromium, profile, page, 4000);
    }

    /** The page in a window 1280 pixels wide and {@code height} high: charts below it are not drawn. */
    public static Browser open(String chromium, Path profile, URI page, int height)
            throws IOException, InterruptedException {
        Files.createDirectories(profile);
        List<String> command = new ArrayList<>(flags(chromium, profile));
        command.addAll(List.of("--window-size=1280," + height, "--dump-dom", page.toString()));
        Path stderr = profile.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not finish within 120 s");
        }
        return new Browser(new String(out, StandardCharsets.UTF_8), Files.readString(stderr));
    }

    /** A PNG of the page's first 1280 × {@code height} pixels, for looking at by eye. */
    public static void screenshot(String chromium, Path profile, URI page, Path png, int height)
            throws IOException, InterruptedException {
        Files.createDirectories(profile);
        Files.createDirectories(png.toAbsolutePath().getParent());
        List<String> command = new ArrayList<>(flags(chromium, profile));
        command.addAll(
                List.of("--window-size=1280," + height, "--screenshot=" + png.toAbsolutePath(), page.toString()));
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(profile.resolve("shot.txt").toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }

    private static List<String> flags(String chromium, Path profile) {
        return List.of(
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + profile,
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=5000");
    }

    /** The body's start tag, where the pages record that they rendered (or failed). */
    public String body() {
        Matcher m = Pattern.compile("<body[^>]*>").matcher(dom);
        return m.find() ? m.group() : "";
    }

    /** Lines of the console that are errors: an uncaught exception, a refused script, a failed load. */
    public List<String> consoleErrors() {
        return log.lines()
                .filter(l -> l.contains("CONSOLE") || l.contains("Uncaught"))
                .filter(l -> l.contains("Uncaught")
                        || l.contains("ERROR:CONSOLE")
                        || l.contains("Error")
                        || l.contains("Refused"))
                .toList();
    }
}
