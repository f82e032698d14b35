/**
 * Other tools' formats, read and written: hyperfine JSON, Go benchmark text, Phoronix Test Suite
 * XML, pyperf JSON, sample CSV, overhead's own JSON, and ELF section sizes. Imports only
 * {@code model} and {@code stats}.
 */
package dev.overhead.interop;
