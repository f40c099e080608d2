# hashbench Crystal runner: protocol v1 over stdin/stdout (docs/protocol.md).
require "./hashbench/runner"
require "./hashbench/adapters/crypto_bcrypt"
require "./hashbench/adapters/openssl_digest"
require "./hashbench/adapters/libsodium"

Hashbench::Runner.new([
  Hashbench::Adapters::CryptoBcrypt.new,
  Hashbench::Adapters::OpenSSLDigest.new,
  Hashbench::Adapters::Libsodium.new,
] of Hashbench::Adapter).run
