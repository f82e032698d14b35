package dev.overhead.serve;

import dev.overhead.store.Store;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The pages on Jetty's embedded server (its core handler API: no servlets for a handful of GET
 * pages). Only GET; nothing is ever written to the store. Bound to a loopback address, it answers
 * only requests addressed to a loopback name, so a web page elsewhere cannot read the studies
 * through a DNS name it points at 127.0.0.1 (DNS rebinding).
 */
public final class WebServer implements AutoCloseable {
    /** Pages with scripts of their own files only; a study's report carries its scripts inline. */
    private static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    private static final String REPORT_POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src"
            + " 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    /** The cookie a browser keeps the token in, once an address with {@code ?token=} has given it. */
    static final String TOKEN_COOKIE = "overhead_token";

    private final Server server;
    private final ServerConnector connector;
    private final boolean loopback;
    /** The token every request must carry (null: none asked, a loopback server's default). */
    private final byte[] token;

    private WebServer(Server server, ServerConnector connector, boolean loopback, String token) {
        this.server = server;
        this.connector = connector;
        this.loopback = loopback;
        this.token = token == null ? null : token.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * Starts serving {@code store} on {@code bind}:{@code port} (0: any free port).
     *
     * @throws IOException one sentence where the address cannot be used (taken, not this machine's)
     */
    public static WebServer start(Store store, Presentation presentation, String bind, int port, PrintWriter log)
            throws IOException {
        return start(store, presentation, bind, port, null, log);
    }

    /**
     * As above, and every request must carry {@code token} (null: none), as {@code Authorization: Bearer
     * TOKEN}, as the cookie an address with {@code ?token=TOKEN} sets, or as that query itself; else 401.
     */
    public static WebServer start(
            Store store, Presentation presentation, String bind, int port, String token, PrintWriter log)
            throws IOException {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IOException(
                    "--bind " + bind + " is not an address of this machine: give one such as 127.0.0.1", e);
        }
        QueuedThreadPool threads = new QueuedThreadPool(16, 2);
        threads.setName("overhead-serve");
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(address.getHostAddress());
        connector.setPort(port);
        server.addConnector(connector);
        server.setStopTimeout(3000); // requests in flight finish on Ctrl-C, for at most 3 s
        server.setStopAtShutdown(false); // the command stops it, then closes the store
        WebServer web = new WebServer(server, connector, address.isLoopbackAddress(), token);
        server.setHandler(web.new Pages(new Routes(new Catalog(store), presentation), log));
        try {
            server.start();
        } catch (Exception e) {
            try {
                server.stop();
            } catch (Exception ignored) {
                // nothing was served; the cause below is what matters
            }
            if (e instanceof BindException || e.getCause() instanceof BindException) {
                throw new IOException(
                        "cannot listen on " + bind + ":" + port + " (" + e.getMessage()
                                + "); give another --port, or --port 0 for any free one",
                        e);
            }
            throw new IOException("the web server did not start: " + e.getMessage(), e);
        }
        return web;
    }

    /** The address the pages are at, e.g. {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String host = connector.getHost();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + connector.getLocalPort() + "/");
    }

    /** Blocks until the server has stopped. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** Stops accepting, lets requests in flight finish, and stops. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            // stopping is best effort: the process ends next
        }
    }

    private final class Pages extends Handler.Abstract {
        private final Routes routes;
        private final PrintWriter log;

        Pages(Routes routes, PrintWriter log) {
            this.routes = routes;
            this.log = log;
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Routes.Reply reply;
            try {
                if (!request.getMethod().equals("GET")) {
                    reply = Routes.Reply.html(405, "only GET: overhead serve never changes the store\n");
                    response.getHeaders().put(HttpHeader.ALLOW, "GET");
                } else if (loopback && !loopbackHost(request.getHeaders().get(HttpHeader.HOST))) {
                    reply = Routes.Reply.html(421, "this server answers only requests to localhost or 127.0.0.1\n");
                } else if (token != null && !authorized(request, response)) {
                    reply = Routes.Reply.html(
                            401,
                            "this server asks for its token: send 'Authorization: Bearer TOKEN', or open an address"
                                    + " with ?token=TOKEN once (a cookie keeps it)\n");
                    response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer realm=\"overhead\"");
                } else {
                    Map<String, String> query = query(request);
                    if (query != null) {
                        query.remove("token"); // the pages never see it, nor link it on
                    }
                    reply = query == null
                            ? Routes.Reply.html(
                                    400,
                                    "the address's query is not well formed (a % without two hex digits after it?)\n")
                            : routes.answer(Request.getPathInContext(request), query);
                }
            } catch (RuntimeException e) {
                synchronized (log) {
                    log.println("overhead serve: " + request.getHttpURI().getPathQuery() + " failed: " + e);
                    log.flush();
                }
                reply = Routes.Reply.html(
                        500, "this page failed (" + e.getClass().getSimpleName() + "); see the server's log\n");
            }
            response.setStatus(reply.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, reply.type());
            response.getHeaders().put("X-Content-Type-Options", "nosniff");
            response.getHeaders().put("Referrer-Policy", "no-referrer");
            response.getHeaders().put("Content-Security-Policy", reply.report() ? REPORT_POLICY : PAGE_POLICY);
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-cache");
            Content.Sink.write(response, true, reply.body(), callback);
            return true;
        }
    }

    /**
     * Whether the request carries the token: a bearer header, the cookie, or {@code ?token=} (which then
     * sets the cookie, so a browser's later requests and the pages' own fetches carry it). Compared in
     * constant time.
     */
    private boolean authorized(Request request, Response response) {
        String header = request.getHeaders().get(HttpHeader.AUTHORIZATION);
        if (header != null
                && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && same(header.substring(7).strip())) {
            return true;
        }
        for (org.eclipse.jetty.http.HttpCookie c : Request.getCookies(request)) {
            if (c.getName().equals(TOKEN_COOKIE) && same(c.getValue())) {
                return true;
            }
        }
        Map<String, String> query = query(request);
        if (query != null && same(query.get("token"))) {
            response.getHeaders()
                    .add(
                            HttpHeader.SET_COOKIE,
                            TOKEN_COOKIE + "=" + query.get("token") + "; Path=/; HttpOnly; SameSite=Strict");
            return true;
        }
        return false;
    }

    private boolean same(String given) {
        return given != null
                && java.security.MessageDigest.isEqual(token, given.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The query's parameters (the first of a repeated one), or null where it cannot be decoded. */
    private static Map<String, String> query(Request request) {
        Map<String, String> query = new LinkedHashMap<>();
        try {
            Fields fields = Request.extractQueryParameters(request);
            fields.forEach(f -> query.put(f.getName(), f.getValue()));
        } catch (IllegalArgumentException e) { // Jetty's "400: Bad query" is one
            return null;
        }
        return query;
    }

    static boolean loopbackHost(String host) {
        if (host == null) {
            return true; // HTTP/1.0 without Host: nothing a browser sends
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            h = end < 0 ? h : h.substring(0, end + 1);
        } else if (h.indexOf(':') >= 0) {
            h = h.substring(0, h.indexOf(':'));
        }
        return LOOPBACK_NAMES.contains(h) || h.matches("127(\\.\\d{1,3}){3}");
    }
}
