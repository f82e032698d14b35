package dev.overhead.store;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A team store's address, {@code postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?PARAM=VALUE&...]}
 * (also {@code postgres://}, as libpq spells it). The password never leaves this record except to
 * the driver: {@link #masked()} is what messages and reports show. Parameters go to the driver as
 * they are ({@code sslmode=require}, {@code currentSchema=overhead}, ...).
 */
public record StoreUrl(String user, String password, String host, int port, String database, String query) {
    static final String MASK = "********";

    private static final Pattern URL = Pattern.compile(
            "(?i)(?:jdbc:)?postgres(?:ql)?://(?:([^:@/]*)(?::([^@/]*))?@)?(\\[[^\\]]+\\]|[^/:?@]+)(?::(\\d{1,5}))?"
                    + "(?:/([^?]*))?(?:\\?(.*))?");

    @Override
    public String toString() {
        return masked();
    }

    /** Whether a {@code --store} value names a server rather than a file. */
    public static boolean isUrl(String value) {
        String lower = value.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith("postgresql:") || lower.startsWith("postgres:") || lower.startsWith("jdbc:postgresql:");
    }

    /**
     * @param env for {@code PGPASSWORD}, used when the URL has no password (libpq's convention)
     * @throws BadStoreValue a sentence naming the value, masked
     */
    public static StoreUrl parse(String value, Map<String, String> env) throws BadStoreValue {
        Matcher m = URL.matcher(value.strip());
        if (!m.matches()) {
            throw new BadStoreValue("--store '" + maskAnyPassword(value) + "' is not a PostgreSQL URL overhead can"
                    + " use: give postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.");
        }
        String password = m.group(2) == null ? env.get("PGPASSWORD") : decode(m.group(2));
        int port = m.group(4) == null ? 5432 : Integer.parseInt(m.group(4));
        String db = m.group(5) == null || m.group(5).isEmpty() ? null : decode(m.group(5));
        if (port < 1 || port > 65535 || db == null || db.contains("/")) {
            throw new BadStoreValue("--store '" + maskAnyPassword(value) + "' needs "
                    + (db == null || db.contains("/") ? "a database name after the host" : "a port from 1 to 65535")
                    + ": give postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.");
        }
        String user = m.group(1) == null || m.group(1).isEmpty() ? null : decode(m.group(1));
        return new StoreUrl(user, password, m.group(3), port, db, m.group(6));
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** The URL as messages show it: the password, in the user part or a parameter, as asterisks. */
    public String masked() {
        return "postgresql://" + (user == null ? "" : user + (password == null ? "" : ":" + MASK) + "@") + host + ":"
                + port + "/" + database + (query == null ? "" : "?" + maskQuery(query));
    }

    /** For a value that did not parse: whatever sits between ':' and '@', and password parameters, masked. */
    static String maskAnyPassword(String value) {
        String s = value.replaceAll("(://[^:@/]*):[^@/]*@", "$1:" + MASK + "@");
        int q = s.indexOf('?');
        return q < 0 ? s : s.substring(0, q + 1) + maskQuery(s.substring(q + 1));
    }

    private static String maskQuery(String query) {
        return query.replaceAll("(?i)((?:^|&)(?:password|sslpassword)=)[^&]*", "$1" + MASK);
    }

    String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database + (query == null ? "" : "?" + query);
    }

    /** The user and password go to the driver as properties, so they are not part of any URL it reports. */
    Properties properties() {
        Properties p = new Properties();
        if (user != null) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        p.setProperty("ApplicationName", "overhead");
        p.setProperty("connectTimeout", "10");
        p.setProperty("tcpKeepAlive", "true");
        return p;
    }
}
