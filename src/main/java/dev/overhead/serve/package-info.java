/**
 * {@code overhead serve}: the stored studies as web pages (the list, each study's report, the history
 * import dev.overhead.verdicts.History;
 * of a comparison with its change points, machines side by side) on Jetty's embedded server,
 * read-only. Reads studies only through {@link dev.overhead.store.Store}; the pages are built by pure
 * classes ({@code Pages}, {@code History}, {@code Machines}) and answered by {@code Routes}, which
 * knows nothing of HTTP. See docs/serve.md.
 */
package dev.overhead.serve;
