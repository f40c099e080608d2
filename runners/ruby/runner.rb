# frozen_string_literal: true

# hashbench Ruby runner: protocol v1 over stdin/stdout (docs/protocol.md).
# Launch: ruby runners/ruby/runner.rb (build first: sh runners/ruby/build.sh).
#
# Each library's adapter is loaded on its own: one whose library cannot be loaded (the
# argon2 gem when build.sh could not build it) is left out with a line on stderr, and
# the build said why (a "skip ruby/argon2: ..." line).

HERE = __dir__
$LOAD_PATH.unshift(File.join(HERE, 'lib'))
# The argon2 gem, as build.sh built it from the offline mirror (lib/ holds its .so).
ARGON2_LIB = File.join(HERE, 'build', 'argon2', 'lib')
$LOAD_PATH.unshift(ARGON2_LIB) if File.directory?(ARGON2_LIB)

require 'hashbench/runner'
require 'hashbench/adapter'

ADAPTERS = {
  'bcrypt_ruby' => 'BcryptRuby',
  'argon2_gem' => 'Argon2Gem',
  'rbnacl' => 'Rbnacl',
  'openssl_kdf' => 'OpensslKdf',
  'digest_std' => 'DigestStd',
  'openssl_digest' => 'OpensslDigest',
  'string_crypt' => 'StringCrypt'
}.freeze

adapters = ADAPTERS.filter_map do |file, name|
  require "hashbench/adapters/#{file}"
  Hashbench::Adapters.const_get(name).new
rescue LoadError, StandardError => e
  warn "hashbench ruby runner: adapter #{file} unavailable: #{e.class}: #{e.message}"
  nil
end

Hashbench::Runner.new(adapters).serve
