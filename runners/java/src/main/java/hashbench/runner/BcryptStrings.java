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

  /**
   * A $2a$ string checked against a password with a byte of 0x80 or more has two meanings:
   * crypt_blowfish (glibc/libxcrypt, PHP) since 1.1 applies a countermeasure for its old
   * sign-extension bug to such $2a$ hashes, while OpenBSD-derived code treats $2a$ as $2b$. The
   * Java libraries here follow neither consistently, so their adapters reply unsupported for this
   * case instead of a verdict that depends on who made the hash.
   */
  public static void refuseAmbiguous2a(String encoded, boolean eightBit) throws Failure {
    if (eightBit && encoded.startsWith("$2a$")) {
      throw Failure.unsupported(
          "$2a$ with a password byte >= 0x80 is ambiguous "
              + "(crypt_blowfish's $2a$ countermeasure vs OpenBSD's $2a$ = $2b$); this library "
              + "does not implement crypt_blowfish's");
    }
  }

  /** True if the password has a byte of 0x80 or more (see {@link #refuseAmbiguous2a}). */
  public static boolean eightBit(byte[] password) {
    for (byte b : password) {
      if (b < 0) {
        return true;
      }
    }
    return false;
  }
}
