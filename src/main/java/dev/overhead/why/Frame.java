package dev.overhead.why;

/**
 * One function of a sample's call chain.
 *
 * @param symbol the symbol perf resolved ({@code [unknown]} when it could not)
 * @param dso    the file it lives in, as perf names it ({@code /usr/lib/.../libc.so.6}, {@code [kernel.kallsyms]})
 * @param kernel whether the address is the kernel's (its top bit set on 64-bit machines)
 */
public record Frame(String symbol, String dso, boolean kernel) {

    /** The file name without its directory: {@code libc.so.6}, {@code [kernel.kallsyms]}. */
    public String dsoName() {
        int slash = dso.lastIndexOf('/');
        return slash < 0 ? dso : dso.substring(slash + 1);
    }
}
