package hashbench.runner;

import java.io.IOException;
import java.io.InputStream;

/**
 * Defines the timing-loop classes ({@code hashbench.runner.loop.*}) anew in each instance, so each
 * benchmark case runs its own copy of the loop with its own JIT profile. Every other class comes
 * from the parent as usual.
 */
final class CaseLoader extends ClassLoader {
  private static final String LOOPS = "hashbench.runner.loop.";

  CaseLoader(ClassLoader parent) {
    super("hashbench-case", parent);
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!name.startsWith(LOOPS)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        String resource = name.replace('.', '/') + ".class";
        try (InputStream in = getParent().getResourceAsStream(resource)) {
          if (in == null) {
            throw new ClassNotFoundException(name);
          }
          byte[] code = in.readAllBytes();
          c = defineClass(name, code, 0, code.length);
        } catch (IOException e) {
          throw new ClassNotFoundException(name, e);
        }
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  /** A new sampler of class {@code loop.<simpleName>} built from this loader's copy. */
  Sampler sampler(String simpleName, Class<?>[] types, Object... args) throws Failure {
    try {
      return (Sampler) loadClass(LOOPS + simpleName).getConstructor(types).newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw Failure.libraryError("cannot build the timing loop: " + e);
    }
  }
}
