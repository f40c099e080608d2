package hashbench.runner;

import java.lang.management.ManagementFactory;

/** The JVM's per-thread allocation counter (HotSpot: TLAB bytes, exact to the byte). */
public final class Alloc {
  private static final com.sun.management.ThreadMXBean THREADS = threads();

  private Alloc() {}

  private static com.sun.management.ThreadMXBean threads() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
        && t.isThreadAllocatedMemorySupported()) {
      t.setThreadAllocatedMemoryEnabled(true);
      return t;
    }
    return null;
  }

  public static boolean supported() {
    return THREADS != null;
  }

  /** Bytes this thread has allocated so far, or 0 where the JVM does not count. */
  public static long current() {
    return THREADS == null ? 0 : THREADS.getCurrentThreadAllocatedBytes();
  }
}
