package dev.overhead.cli;

import dev.overhead.serve.Presentation;
import dev.overhead.serve.WebServer;
import dev.overhead.store.Store;
import dev.overhead.store.StoreException;
import dev.overhead.study.Interrupts;
import dev.overhead.study.Masking;
import dev.overhead.study.SafeText;
import dev.overhead.study.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code overhead serve}: the stored studies as web pages, read-only, until Ctrl-C (docs/serve.md). */
@Command(
        name = "serve",
        description = "Show the stored studies, their history and their machines as web pages (read-only).")
final class ServeCommand implements Callable<Integer> {
    static final int DEFAULT_PORT = 8080;

    @Mixin
    StoreOption storeOption;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "" + DEFAULT_PORT,
            description = "The port to listen on (default: ${DEFAULT-VALUE}; 0: any free port).")
    int port;

    @Option(
            names = "--bind",
            paramLabel = "ADDR",
            defaultValue = "127.0.0.1",
            description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
    String bind;

    @Option(
            names = "--token",
            paramLabel = "FILE",
            description = "A file holding the token every request must carry (Authorization: Bearer, or ?token= once"
                    + " in a browser); needed to listen on any address but this machine's own.")
    java.nio.file.Path tokenFile;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws StoreException {
        if (port < 0 || port > 65535) {
            throw UserError.usage(
                    "--port " + port + " is not a port: give a number from 1 to 65535, or 0 for any free one");
        }
        java.net.InetAddress address;
        try {
            address = java.net.InetAddress.getByName(bind); // a word that names no address is the command line's fault
        } catch (java.net.UnknownHostException e) {
            throw UserError.usage("--bind " + bind + " is not an address: give one of this machine's, such as"
                    + " 127.0.0.1 or 0.0.0.0 (with --token)");
        }
        String token = tokenFile == null ? null : token(tokenFile);
        if (token == null && !address.isLoopbackAddress()) {
            throw UserError.usage("serve on " + bind + " would show every stored study (commands, machines,"
                    + " environments) to anyone who reaches it: give --token FILE, a file with a secret of 16 or"
                    + " more letters and digits (e.g. 'openssl rand -hex 24 > token'), or keep the default 127.0.0.1");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Presentation presentation = new Presentation(
                Masking::study, SafeText::clean, Locale.getDefault(Locale.Category.FORMAT), ZoneId.systemDefault());
        Interrupts.arm();
        try (Store store = storeOption.openForReading();
                WebServer web = start(store, presentation, token, err)) {
            if (!Interrupts.handOver(web::close)) {
                return Interrupts.exitCode();
            }
            out.println("overhead serve: the studies are at " + web.uri() + " (read-only"
                    + (token == null ? "" : "; requests need the token of " + tokenFile) + "; Ctrl-C stops)");
            out.flush();
            web.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            Interrupts.reset();
        }
        int code = Interrupts.exitCode();
        return code == 0 ? 0 : code;
    }

    /** The token in {@code file}: its one line, of 16 or more characters that a cookie and an address carry as they are. */
    static String token(java.nio.file.Path file) {
        String text;
        try {
            text = java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8)
                    .strip();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw UserError.usage("--token " + file + " cannot be read ("
                    + e.getClass().getSimpleName() + "): give a file that holds the token");
        }
        if (!text.matches("[A-Za-z0-9._~-]{16,}")) {
            throw UserError.usage("--token " + file + " does not hold a token of 16 or more letters, digits, '.', '_',"
                    + " '~' or '-' on one line (e.g. 'openssl rand -hex 24 > " + file + "')");
        }
        return text;
    }

    private WebServer start(Store store, Presentation presentation, String token, PrintWriter err) {
        try {
            return WebServer.start(store, presentation, bind, port, token, err);
        } catch (IOException e) {
            throw UserError.failed(e.getMessage(), e);
        }
    }
}
