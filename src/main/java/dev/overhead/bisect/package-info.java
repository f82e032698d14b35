/**
 * {@code overhead bisect}: the first commit whose cost is {@code worse}. Git plumbing (checkouts
 * that leave the user's work tree and index alone), builds in their own directories, and the
 * bisection itself ({@link dev.overhead.bisect.Bisection}, pure); measuring a step is the caller's,
 * as an ordinary stored study.
 */
package dev.overhead.bisect;
