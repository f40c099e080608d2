package hashbench.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The runner process: prints the hello line, then answers one JSON request per stdin line with one
 * JSON reply per stdout line (docs/protocol.md, runner protocol v1). stdout carries nothing else:
 * System.out is pointed at stderr for libraries that print.
 */
public final class Main {
  static final ObjectMapper JSON = mapper();

  private final OutputStream out;
  private final Commands commands;

  private Main(OutputStream out, List<Adapter> adapters) {
    this.out = out;
    this.commands = new Commands(adapters);
  }

  private static ObjectMapper mapper() {
    ObjectMapper m = new ObjectMapper();
    m.getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build());
    m.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    return m;
  }

  public static void main(String[] argv) throws IOException {
    OutputStream stdout = new FileOutputStream(FileDescriptor.out);
    System.setOut(
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
    try {
      Catalog.load("java");
    } catch (Catalog.Unreadable e) {
      System.err.println("java runner: " + e.getMessage() + " (run hashbench build)");
      System.exit(1);
    }
    Main main = new Main(stdout, Registry.adapters());
    main.hello();
    main.serve(new BufferedInputStream(System.in, 1 << 16));
    System.exit(0);
  }

  private void hello() throws IOException {
    ObjectNode h = JSON.createObjectNode();
    h.put("hello", 1);
    h.put("runner", "java");
    h.put("runtime", Sys.runtime());
    ObjectNode timer = h.putObject("timer");
    timer.put("clock", "System.nanoTime (CLOCK_MONOTONIC)");
    timer.put("resolution_ns", Sys.timerResolutionNs());
    ArrayNode impls = h.putArray("implementations");
    for (Adapter a : commands.adapters()) {
      Adapter.Info i = a.info();
      Catalog.Row row = Catalog.row(i.id());
      ObjectNode o = impls.addObject();
      o.put("id", i.id());
      o.put("library", row.library());
      o.put("version", i.version());
      o.put("backend", row.backend());
      row.algorithms().forEach(o.putArray("algorithms")::add);
      i.ops().forEach(o.putArray("ops")::add);
      i.modes().forEach(o.putArray("modes")::add);
      o.put("encoding", i.encoding());
      o.put("alloc", Alloc.supported() && i.ops().contains("bench"));
      o.put("defaults", i.defaults());
      o.put("unchecked", true);
      if (i.notes() != null && !i.notes().isEmpty()) {
        o.put("notes", i.notes());
      }
    }
    write(h);
  }

  /** The longest request line read, in bytes before the newline (docs/protocol.md). */
  private static final int MAX_LINE = 16 << 20;

  private void serve(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
    long size = 0; // the current line's length; past MAX_LINE its bytes are not kept
    int b;
    while (true) {
      b = in.read();
      if (b == '\n' || b < 0) {
        if (size > MAX_LINE) {
          String message = "request line of " + size + " bytes is over the limit of " + MAX_LINE;
          write(error(JSON.createObjectNode(), null, Failure.protocol(message)));
          size = 0;
        } else if (line.size() > 0 || b == '\n') {
          byte[] bytes = line.toByteArray();
          line.reset();
          size = 0;
          if (!isBlank(bytes)) {
            ObjectNode reply = answer(bytes);
            write(reply);
            if (commands.quitting()) {
              return;
            }
          }
        }
        if (b < 0) {
          return;
        }
      } else if (++size <= MAX_LINE) {
        line.write(b);
      } else if (line.size() > 0) {
        line.reset();
      }
    }
  }

  private static boolean isBlank(byte[] bytes) {
    for (byte x : bytes) {
      if (x != ' ' && x != '\t' && x != '\r') {
        return false;
      }
    }
    return true;
  }

  /** One request line in, one reply object out; never throws for a bad request. */
  private ObjectNode answer(byte[] line) {
    ObjectNode reply = JSON.createObjectNode();
    JsonNode node;
    try {
      node = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      return error(reply, null, Failure.protocol("not JSON: " + e.getOriginalMessage()));
    } catch (IOException | RuntimeException e) {
      return error(reply, null, Failure.protocol("unreadable line: " + e));
    }
    if (node == null || !node.isObject()) {
      return error(reply, null, Failure.protocol("a request must be a JSON object"));
    }
    JsonNode idNode = node.get("id");
    Long id =
        idNode != null && idNode.isIntegralNumber() && idNode.canConvertToLong()
            ? idNode.longValue()
            : null;
    if (id == null) {
      return error(reply, null, Failure.protocol("missing or non-integer 'id'"));
    }
    reply.put("id", id);
    try {
      commands.run(new Request(node), reply);
      return reply;
    } catch (Failure f) {
      return error(JSON.createObjectNode(), id, f);
    } catch (Throwable t) { // a bug of ours or a library's: still a reply
      t.printStackTrace();
      return error(JSON.createObjectNode(), id, Failure.of(t));
    }
  }

  private static ObjectNode error(ObjectNode reply, Long id, Failure f) {
    reply.removeAll();
    if (id == null) {
      reply.putNull("id");
    } else {
      reply.put("id", id);
    }
    ObjectNode err = reply.putObject("error");
    err.put("kind", f.kind.wire);
    String message = f.getMessage();
    err.put("message", message == null || message.isEmpty() ? f.kind.wire : message);
    return reply;
  }

  private void write(ObjectNode reply) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(reply);
    out.write(bytes);
    out.write('\n');
    out.flush();
  }
}
