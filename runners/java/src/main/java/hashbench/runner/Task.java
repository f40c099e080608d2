package hashbench.runner;

/** One operation, prepared outside the timed loop and called inside it. */
@FunctionalInterface
public interface Task<T> {
  T run() throws Exception;
}
