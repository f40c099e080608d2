# hashbench Crystal runner: protocol v1 over stdin/stdout (docs/protocol.md).
require "./hashbench/runner"
require "./hashbench/adapters/crypto_bcrypt"
require "./hashbench/adapters/openssl_digest"
require "./hashbench/adapters/libsodium"
require "./hashbench/adapters/fresh_output"

openssl_digest = Hashbench::Adapters::OpenSSLDigest.new
libsodium = Hashbench::Adapters::Libsodium.new
Hashbench::Runner.new([
  Hashbench::Adapters::CryptoBcrypt.new,
  openssl_digest,
  libsodium,
  # the Crystal seed's .reset, in its 2019 and its later spelling (adapters/fresh_output.cr)
  Hashbench::Adapters::FreshOutputVariant.new(openssl_digest, Hashbench::FreshOutput::Copy),
  Hashbench::Adapters::FreshOutputVariant.new(openssl_digest, Hashbench::FreshOutput::Alloc),
  Hashbench::Adapters::FreshOutputVariant.new(libsodium, Hashbench::FreshOutput::Copy),
  Hashbench::Adapters::FreshOutputVariant.new(libsodium, Hashbench::FreshOutput::Alloc),
] of Hashbench::Adapter).run
