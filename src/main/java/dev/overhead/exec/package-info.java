/**
 * Spawning and measuring one run: the forking C helper ({@link dev.overhead.exec.NativeExecutor},
 * its wire protocol in docs/architecture.md, "The helper's wire protocol"), the FFM fallback and the
 * fake executor for tests, behind {@link dev.overhead.exec.Executor}. It measures and never
 * decides; it imports nothing else of the project.
 */
package dev.overhead.exec;
