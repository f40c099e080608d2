package hashbench.runner;

/** Lowercase hex, the protocol's encoding for byte strings. */
public final class Hex {
  private static final char[] DIGITS = "0123456789abcdef".toCharArray();

  private Hex() {}

  public static String encode(byte[] bytes) {
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = DIGITS[bytes[i] & 0xf];
    }
    return new String(out);
  }

  public static byte[] decode(String field, String hex) throws Failure {
    if ((hex.length() & 1) != 0) {
      throw Failure.invalidInput(field + ": odd number of hex digits");
    }
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(hex.charAt(2 * i), 16);
      int lo = Character.digit(hex.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0 || hex.charAt(2 * i) > 'f' || hex.charAt(2 * i + 1) > 'f') {
        throw Failure.invalidInput(field + ": not hex at offset " + 2 * i);
      }
      out[i] = (byte) ((hi << 4) | lo);
    }
    return out;
  }
}
