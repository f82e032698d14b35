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

    private static final Pattern SCHEME = Pattern.compile("(?i)(?:jdbc:)?postgres(?:ql)?://");

    /** What follows the user part: {@code HOST[:PORT][/DB][?QUERY]}. */
    private static final Pattern SERVER =
            Pattern.compile("(\\[[^\\]]+\\]|[^/:?@]+)(?::(\\d{1,5}))?(?:/([^?]*))?(?:\\?(.*))?");

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
        String v = value.strip();
        Matcher scheme = SCHEME.matcher(v);
        // The user part ends at the last '@' before the query: a password with an unencoded '@' or '/'
        // (docs/reliability.md, issue 33 case 10) is read whole, and never shown.
        String rest = scheme.lookingAt() ? v.substring(scheme.end()) : null;
        String userInfo = null;
        if (rest != null) {
            int q = rest.indexOf('?');
            int at = (q < 0 ? rest : rest.substring(0, q)).lastIndexOf('@');
            if (at >= 0) {
                userInfo = rest.substring(0, at);
                rest = rest.substring(at + 1);
            }
        }
        Matcher m = rest == null ? null : SERVER.matcher(rest);
        if (m == null || !m.matches()) {
            throw new BadStoreValue("--store '" + maskAnyPassword(value) + "' is not a PostgreSQL URL overhead can"
                    + " use: give postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.");
        }
        String rawUser = userInfo == null ? null : userInfo.split(":", 2)[0];
        String rawPassword = userInfo == null || !userInfo.contains(":") ? null : userInfo.split(":", 2)[1];
        String password;
        String user;
        String db;
        try {
            password = rawPassword == null ? env.get("PGPASSWORD") : decode(rawPassword);
            user = rawUser == null || rawUser.isEmpty() ? null : decode(rawUser);
            db = m.group(3) == null || m.group(3).isEmpty() ? null : decode(m.group(3));
        } catch (IllegalArgumentException broken) { // "%zz", "%4": said without the value it is in
            throw new BadStoreValue("--store '" + maskAnyPassword(value) + "' has a broken %-escape in its user,"
                    + " password or database: write a % there as %25, and other characters as %XX.");
        }
        int port = m.group(2) == null ? 5432 : Integer.parseInt(m.group(2));
        if (port < 1 || port > 65535 || db == null || db.contains("/")) {
            throw new BadStoreValue("--store '" + maskAnyPassword(value) + "' needs "
                    + (db == null || db.contains("/") ? "a database name after the host" : "a port from 1 to 65535")
                    + ": give postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE.");
        }
        return new StoreUrl(user, password, m.group(1), port, db, m.group(4));
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
        String s = value;
        int start = s.indexOf("://");
        if (start >= 0) { // from the user's ':' to the last '@' before the query: '@' and '/' may be in between
            int q = s.indexOf('?', start);
            int at = (q < 0 ? s : s.substring(0, q)).lastIndexOf('@');
            int colon = s.indexOf(':', start + 3);
            if (at > start && colon > 0 && colon < at) {
                s = s.substring(0, colon + 1) + MASK + s.substring(at);
            }
        }
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
