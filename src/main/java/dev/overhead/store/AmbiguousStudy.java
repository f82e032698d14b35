package dev.overhead.store;

/**
 * A study asked for by an id prefix that starts several ids: the asker's fault, not the store's
 * (serve answers 400 for it rather than 500; docs/reliability.md, issue 33 case 11).
 */
public final class AmbiguousStudy extends StoreException {
    public AmbiguousStudy(String message) {
        super(message, null);
    }
}
