package hashbench.runner;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Facts about the process: runtime name, timer resolution, peak RSS. */
final class Sys {
  private Sys() {}

  static String runtime() {
    List<String> gcs = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcs.add(gc.getName());
    }
    return System.getProperty("java.vm.name")
        + " "
        + System.getProperty("java.vm.version")
        + " (Java "
        + Runtime.version().feature()
        + ", "
        + System.getProperty("java.vendor")
        + "; GC "
        + String.join(" + ", gcs)
        + ")";
  }

  /**
   * System.nanoTime's granularity as observed: the smallest non-zero step between two consecutive
   * reads (Java does not report the clock's resolution).
   */
  static long timerResolutionNs() {
    long best = Long.MAX_VALUE;
    for (int trial = 0; trial < 2000; trial++) {
      long t0 = System.nanoTime();
      long t1;
      do {
        t1 = System.nanoTime();
      } while (t1 == t0);
      best = Math.min(best, t1 - t0);
    }
    return Math.max(1, best);
  }

  /** Peak resident set size in bytes (VmHWM, what getrusage's ru_maxrss reports), or -1. */
  static long peakRssBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          String kb = line.substring(6).trim().split("\\s+")[0];
          return Long.parseLong(kb) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
