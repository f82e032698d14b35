/**
 * Where studies are kept: {@link dev.overhead.store.Store} and its SQLite implementation, each run
 * written durably the moment it ends. The schema is in docs/architecture.md, "The store". Imports
 * only {@code model} and {@code stats}.
 */
package dev.overhead.store;
