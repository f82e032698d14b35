package dev.overhead;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that starts processes or servers of its own (a shell, the forking helper, a compiler, PostgreSQL,
 * Chromium, an HTTP server): the {@code process} tier, which {@code ./mvnw verify} runs after the hermetic tests
 * and {@code ./mvnw test} leaves out (pom.xml, surefire's {@code process-tests} execution; docs/architecture.md,
 * "Tests"). {@code TestTiersTest} fails for a class that starts one without this tag.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("process")
public @interface Processes {}
