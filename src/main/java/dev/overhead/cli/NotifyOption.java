package dev.overhead.cli;

import dev.overhead.study.Alerts;
import dev.overhead.study.Delivery;
import dev.overhead.study.StoreAccess;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --notify URL} of {@code run} and {@code resume}, which tell webhooks as a study ends ({@link Alerts}). */
final class NotifyOption {
    @Option(
            names = "--notify",
            paramLabel = "URL",
            description = "POST JSON to URL when the study's primary metric is worse or it makes a change point appear"
                    + " in its label's history (repeatable; a failed POST is a warning).")
    List<String> urls = new ArrayList<>();

    /** {@code inner}, telling the webhooks (checked here, before anything runs) as each study ends. */
    Delivery around(Delivery inner, StoreAccess store, PrintWriter err) {
        return Alerts.notifying(inner, Alerts.urls(urls), store, err);
    }
}
