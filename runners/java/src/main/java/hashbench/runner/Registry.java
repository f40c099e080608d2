package hashbench.runner;

import hashbench.runner.adapters.Argon2Jvm;
import hashbench.runner.adapters.BouncyCastle;
import hashbench.runner.adapters.FavreBcrypt;
import hashbench.runner.adapters.JBCrypt;
import hashbench.runner.adapters.Jdk;
import hashbench.runner.adapters.Password4j;
import hashbench.runner.adapters.SpringSecurity;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Every implementation this runner has code for, in hello order; those the compiled catalog lists
 * for it are served.
 */
final class Registry {
  private Registry() {}

  static List<Adapter> adapters() {
    List<Supplier<Adapter>> all =
        List.of(
            Jdk::new,
            BouncyCastle.Raw::new,
            BouncyCastle.Bcrypt::new,
            JBCrypt::new,
            SpringSecurity.Bcrypt::new,
            SpringSecurity.Argon2::new,
            SpringSecurity.Scrypt::new,
            SpringSecurity.Pbkdf2::new,
            FavreBcrypt::new,
            Argon2Jvm::new,
            Password4j.Bcrypt::new,
            Password4j.Argon2Impl::new,
            Password4j.Scrypt::new,
            Password4j.Pbkdf2::new);
    List<Adapter> out = new ArrayList<>();
    for (Supplier<Adapter> make : all) {
      try {
        Adapter a = make.get();
        if (Catalog.row(a.info().id()) == null) {
          System.err.println("hashbench java runner: " + a.info().id() + " is not in the catalog");
        } else {
          out.add(a);
        }
      } catch (Throwable t) { // e.g. libargon2 missing: leave it out, say why on stderr
        System.err.println("hashbench java runner: implementation unavailable: " + t);
      }
    }
    return out;
  }
}
