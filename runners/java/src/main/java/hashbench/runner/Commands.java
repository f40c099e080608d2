package hashbench.runner;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The protocol's commands: derive, hash, verify, digest, bench, quit. */
final class Commands {
  /** Warm-up budget for a case's first bench request (the JIT compiles the loop). */
  private static final long WARMUP_NS = 250_000_000L;

  /** An op slower than this is warmed by its one untimed call alone. */
  private static final long EXPENSIVE_NS = 25_000_000L;

  private static final int MAX_SAMPLES = 1_000_000;
  private static final long MAX_INPUT = 1L << 30;

  private final Map<String, Adapter> adapters = new LinkedHashMap<>();
  private final Map<String, CaseLoader> loaders = new HashMap<>();
  private final Set<String> warmed = new HashSet<>();
  private boolean quitting;

  Commands(List<Adapter> list) {
    for (Adapter a : list) {
      adapters.put(a.info().id(), a);
    }
  }

  List<Adapter> adapters() {
    return List.copyOf(adapters.values());
  }

  boolean quitting() {
    return quitting;
  }

  void run(Request req, ObjectNode reply) throws Exception {
    String cmd = req.str("cmd");
    switch (cmd) {
      case "derive" -> {
        Adapter impl = impl(req);
        Catalog.Alg alg = passwordAlg(req, impl, "derive");
        Args a = Args.parse(req, alg, "derive");
        reply.put("output", Hex.encode(call(prep(() -> impl.derive(a)))));
      }
      case "hash" -> {
        Adapter impl = impl(req);
        Catalog.Alg alg = passwordAlg(req, impl, "hash");
        Args a = Args.parse(req, alg, "hash");
        reply.put("encoded", call(prep(() -> impl.hash(a))));
      }
      case "verify" -> {
        Adapter impl = impl(req);
        Catalog.Alg alg = passwordAlg(req, impl, "verify");
        Args a = Args.parse(req, alg, "verify");
        String encoded = req.str("encoded");
        Verifier v = prep(() -> impl.verify(a));
        reply.put("valid", (boolean) call(() -> v.verify(encoded)));
      }
      case "digest" -> {
        Adapter impl = impl(req);
        Catalog.Alg alg = digestAlg(req, impl);
        byte[] input = req.hex("input");
        String mode = impl.info().modes().get(0);
        reply.put("output", Hex.encode(call(prep(() -> impl.digest(alg.name(), mode, input)))));
      }
      case "bench" -> bench(req, reply);
      case "quit" -> {
        reply.put("ok", true);
        quitting = true;
      }
      default -> throw Failure.unsupported("unknown cmd '" + cmd + "'");
    }
  }

  // -- lookups -------------------------------------------------------------------------------

  private Adapter impl(Request req) throws Failure {
    String id = req.str("impl");
    Adapter a = adapters.get(id);
    if (a == null) {
      throw Failure.unsupported("unknown impl '" + id + "'");
    }
    return a;
  }

  private static Catalog.Alg alg(Request req, Adapter impl) throws Failure {
    String name = req.str("alg");
    Catalog.Alg alg = Catalog.get(name);
    if (alg == null || !Catalog.row(impl.info().id()).algorithms().contains(name)) {
      throw Failure.unsupported(impl.info().id() + " has no algorithm '" + name + "'");
    }
    return alg;
  }

  private static void needOp(Adapter impl, String op) throws Failure {
    if (!impl.info().ops().contains(op)) {
      throw Failure.unsupported(impl.info().id() + " has no " + op);
    }
  }

  private static Catalog.Alg passwordAlg(Request req, Adapter impl, String op) throws Failure {
    Catalog.Alg alg = alg(req, impl);
    needOp(impl, op);
    if (alg.isDigest()) {
      throw Failure.unsupported(alg.name() + " is a digest: no " + op);
    }
    return alg;
  }

  private static Catalog.Alg digestAlg(Request req, Adapter impl) throws Failure {
    Catalog.Alg alg = alg(req, impl);
    needOp(impl, "digest");
    if (!alg.isDigest()) {
      throw Failure.unsupported(alg.name() + " is not a digest");
    }
    return alg;
  }

  /** Runs a library call; anything it throws becomes a Failure (library_error by default). */
  private static <T> T call(Task<T> task) throws Failure {
    try {
      return task.run();
    } catch (Throwable t) {
      throw Failure.of(t);
    }
  }

  /**
   * Prepares a call: the adapter builds the library's objects from the parameters, so an
   * IllegalArgumentException here is the library refusing them (invalid_params).
   */
  private static <T> T prep(Task<T> task) throws Failure {
    try {
      return task.run();
    } catch (IllegalArgumentException e) {
      throw Failure.invalidParams("the library refuses the parameters: " + e.getMessage());
    } catch (Throwable t) {
      throw Failure.of(t);
    }
  }

  // -- bench ---------------------------------------------------------------------------------

  private void bench(Request req, ObjectNode reply) throws Exception {
    String op = req.str("op");
    int iters = (int) req.optLong("iters", -1, 1, Integer.MAX_VALUE);
    int samples = (int) req.optLong("samples", -1, 1, MAX_SAMPLES);
    if (iters < 0 || samples < 0) {
      throw Failure.protocol("bench needs 'iters' and 'samples'");
    }
    String key;
    Sampler sampler;
    if (op.equals("noop")) {
      key = "noop";
      // The empty op's only "output" is a byte that changes per call, so the JIT cannot fold
      // the loop away as it would a constant; what remains is the loop's own cost.
      byte[] output = {0};
      Task<byte[]> noop =
          () -> {
            output[0]++;
            return output;
          };
      sampler = loader(key).sampler("BytesLoop", new Class<?>[] {Task.class}, noop);
    } else {
      Adapter impl = impl(req);
      needOp(impl, "bench");
      String mode = req.optStr("mode");
      Catalog.Alg alg;
      if (op.equals("digest")) {
        alg = digestAlg(req, impl);
        List<String> modes = impl.info().modes();
        mode = mode == null ? modes.get(0) : mode;
        if (!modes.contains(mode)) {
          throw Failure.unsupported(impl.info().id() + " has no " + mode + " mode");
        }
      } else {
        switch (op) {
          case "derive", "hash", "verify" -> alg = passwordAlg(req, impl, op);
          case "hash_verify" -> {
            alg = passwordAlg(req, impl, "hash");
            needOp(impl, "verify");
          }
          default -> throw Failure.unsupported("unknown bench op '" + op + "'");
        }
        if (mode != null && !mode.equals("oneshot")) {
          throw Failure.unsupported("mode " + mode + " applies to digests only");
        }
        mode = "oneshot";
      }
      key = impl.info().id() + " " + op + " " + alg.name() + " " + mode;
      sampler = prepare(req, impl, op, alg, mode, loader(key));
    }

    // Unless the request says warm: false (the orchestrator's later requests for a case
    // that already ran in this process): one untimed call, and the JIT warm-up below.
    boolean warm = req.optBool("warm", true);
    long t0 = System.nanoTime();
    try {
      if (warm) {
        sampler.once();
      }
    } catch (Throwable t) {
      throw Failure.of(t);
    }
    long first = System.nanoTime() - t0;
    long[] times;
    try {
      if (warm && warmed.add(key) && first < EXPENSIVE_NS) {
        warmUp(sampler);
      }
      times = sampler.sample(iters, samples);
    } catch (Throwable t) {
      throw Failure.of(t);
    }

    ArrayNode arr = reply.putArray("samples_ns");
    for (long t : times) {
      arr.add(t);
    }
    reply.put("iters", iters);
    reply.put("check", Integer.toHexString(sampler.check()));
    Object last = sampler.last();
    if (last instanceof byte[] b) {
      reply.put("output", Hex.encode(b));
    } else if (last instanceof String s) {
      reply.put("encoded", s);
    } else if (last instanceof Boolean v) {
      reply.put("valid", v);
    } else if (last instanceof Object[] pair) {
      reply.put("encoded", (String) pair[0]);
      reply.put("valid", (Boolean) pair[1]);
    }
    if (Alloc.supported() && req.optBool("alloc", true)) {
      reply.put("alloc_bytes_per_op", sampler.allocated() / ((double) iters * samples));
    }
    long rss = Sys.peakRssBytes();
    if (rss > 0) {
      reply.put("peak_rss_bytes", rss);
    }
  }

  private CaseLoader loader(String key) {
    return loaders.computeIfAbsent(key, k -> new CaseLoader(Commands.class.getClassLoader()));
  }

  /** Builds the case's sampler: the adapter prepares the call, outside any timing. */
  private static Sampler prepare(
      Request req, Adapter impl, String op, Catalog.Alg alg, String mode, CaseLoader loader)
      throws Failure {
    Class<?>[] task = {Task.class};
    switch (op) {
      case "digest" -> {
        byte[] input = req.has("input") ? req.hex("input") : pattern(req);
        Task<byte[]> t = prep(() -> impl.digest(alg.name(), mode, input));
        return loader.sampler("BytesLoop", task, t);
      }
      case "derive" -> {
        Args a = Args.parse(req, alg, "derive");
        Task<byte[]> t = prep(() -> impl.derive(a));
        return loader.sampler("BytesLoop", task, t);
      }
      case "hash" -> {
        Args a = Args.parse(req, alg, "hash");
        Task<String> t = prep(() -> impl.hash(a));
        return loader.sampler("StringLoop", task, t);
      }
      case "verify" -> {
        String encoded = req.optStr("encoded");
        Args a = Args.parse(req, alg, encoded == null ? "hash" : "verify");
        if (encoded == null) { // made once, untimed, with the implementation's own hash
          encoded = call(prep(() -> impl.hash(a)));
        }
        Verifier v = prep(() -> impl.verify(a));
        return loader.sampler(
            "VerifyLoop", new Class<?>[] {Verifier.class, String.class}, v, encoded);
      }
      default -> { // hash_verify
        Args a = Args.parse(req, alg, "hash");
        Task<String> h = prep(() -> impl.hash(a));
        Verifier v = prep(() -> impl.verify(a));
        return loader.sampler("HashVerifyLoop", new Class<?>[] {Task.class, Verifier.class}, h, v);
      }
    }
  }

  /** The digest input of input_size bytes: byte i = i mod 251 (BLAKE3's test pattern). */
  private static byte[] pattern(Request req) throws Failure {
    long size = req.optLong("input_size", -1, 0, MAX_INPUT);
    if (size < 0) {
      throw Failure.protocol("digest bench needs 'input' or 'input_size'");
    }
    byte[] input = new byte[(int) size];
    for (int i = 0; i < input.length; i++) {
      input[i] = (byte) (i % 251);
    }
    return input;
  }

  /**
   * The first bench request of a case runs its loop, untimed, for up to WARMUP_NS so the JIT
   * compiles it (loop and op) before samples count; batches grow until each takes ~1 ms.
   */
  private static void warmUp(Sampler sampler) throws Exception {
    long start = System.nanoTime();
    int n = 1;
    while (System.nanoTime() - start < WARMUP_NS) {
      long took = sampler.sample(n, 1)[0];
      if (took < 1_000_000 && n < (1 << 24)) {
        n *= 2;
      }
    }
  }
}
