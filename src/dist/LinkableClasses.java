import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Build tool (src/dist/aot-train.sh, docs/performance.md "Start-up"), not part of overhead: rewrites the
 * class files of a library jar older than Java 6 (version 49, which picocli keeps for its Java 5 users)
 * to version 52 with the stack maps the JVM's type-checking verifier needs. The JVM's AOT cache cannot
 * link classes older than version 50 (they need the old inference verifier at run time), so without
 * this every start parsed and verified picocli's 176 classes again. The instructions are unchanged:
 * the JDK's own class-file API (java.lang.classfile) rebuilds each method body and computes its
 * frames. Usage: java LinkableClasses.java JAR; the jar is replaced only when a class was rewritten.
 */
public final class LinkableClasses {
    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        Path out = jar.resolveSibling(jar.getFileName() + ".tmp");
        int rewritten = 0;
        try (var loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            // the frames need the common super class of two types: the jar's own classes, then the JDK's
            ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                    .orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            ClassTransform to52 = ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                    .andThen(ClassTransform.endHandler(c -> c.withVersion(ClassFile.JAVA_8_VERSION, 0)));
            try (var in = new ZipInputStream(Files.newInputStream(jar));
                    var zip = new ZipOutputStream(Files.newOutputStream(out))) {
                for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                    byte[] bytes = in.readAllBytes();
                    if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
                        ClassModel model = cf.parse(bytes);
                        if (model.majorVersion() < ClassFile.JAVA_6_VERSION) {
                            bytes = cf.transformClass(model, to52);
                            rewritten++;
                        }
                    }
                    ZipEntry copy = new ZipEntry(e.getName());
                    copy.setTime(e.getTime());
                    zip.putNextEntry(copy);
                    zip.write(bytes);
                }
            }
        }
        if (rewritten > 0) {
            Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING);
            System.err.println("[overhead aot] " + jar.getFileName() + ": " + rewritten
                    + " classes older than Java 6 rewritten to version 52, so that the AOT cache can link them");
        } else {
            Files.delete(out);
        }
    }
}
