package hashbench.runner;

/** A prepared verify call: checks the request's password against an encoded string. */
@FunctionalInterface
public interface Verifier {
  boolean verify(String encoded) throws Exception;
}
