package dev.overhead.plan;

/**
 * Something the user typed (a variant spec, a duration, quoted words) cannot be read. The message
 * is one sentence naming the text at fault and what to write instead; the CLI shows it as it is
 * and exits 2.
 */
public class SpecException extends IllegalArgumentException {
    public SpecException(String message) {
        super(message);
    }
}
