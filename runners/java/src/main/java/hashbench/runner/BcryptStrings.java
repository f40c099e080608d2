package hashbench.runner;

/** Shared facts about bcrypt strings that the bcrypt adapters need. */
public final class BcryptStrings {
  private static final char[] ALPHABET =
      "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

  private BcryptStrings() {}

  /**
   * The "$2a$05$" + 22-character salt string that bcrypt libraries with a String salt API (jBCrypt,
   * Spring's BCrypt, password4j) take to hash with a given 16-byte salt.
   */
  public static String salt(String minor, int cost, byte[] salt) {
    StringBuilder sb = new StringBuilder("$2").append(minor).append('$');
    if (cost < 10) {
      sb.append('0');
    }
    sb.append(cost).append('$');
    // bcrypt's base-64: big-endian 6-bit groups, its own alphabet, no padding.
    int i = 0;
    while (i < salt.length) {
      int c1 = salt[i++] & 0xff;
      sb.append(ALPHABET[(c1 >> 2) & 0x3f]);
      c1 = (c1 & 0x03) << 4;
      if (i >= salt.length) {
        sb.append(ALPHABET[c1 & 0x3f]);
        break;
      }
      int c2 = salt[i++] & 0xff;
      c1 |= (c2 >> 4) & 0x0f;
      sb.append(ALPHABET[c1 & 0x3f]);
      c1 = (c2 & 0x0f) << 2;
      if (i >= salt.length) {
        sb.append(ALPHABET[c1 & 0x3f]);
        break;
      }
      c2 = salt[i++] & 0xff;
      c1 |= (c2 >> 6) & 0x03;
      sb.append(ALPHABET[c1 & 0x3f]);
      sb.append(ALPHABET[c2 & 0x3f]);
    }
    return sb.toString();
  }
}
