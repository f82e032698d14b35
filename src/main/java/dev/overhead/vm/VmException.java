package dev.overhead.vm;

/** A virtual machine that cannot be made or booted, in one sentence that says what to do. */
public final class VmException extends RuntimeException {
    public VmException(String sentence) {
        super(sentence);
    }

    public VmException(String sentence, Throwable cause) {
        super(sentence, cause);
    }
}
