# frozen_string_literal: true

require 'openssl'

module Hashbench
  module Adapters
    # OpenSSL::Digest over the system OpenSSL's EVP digests, the one place Ruby's standard
    # library has SHA-3 and BLAKE2: OpenSSL::Digest.digest(name, data) (oneshot),
    # OpenSSL::Digest.new(name) with update and digest (new), one instance with reset.
    class OpensslDigest < Adapter
      ID = 'ruby/openssl-digest'
      OPS = %w[digest bench].freeze
      MODES = %w[oneshot new reset].freeze
      NOTES = 'EVP digests of the system OpenSSL (BLAKE2b512, BLAKE2s256, SHA3-256 by name)'
      NAMES = {
        'md5' => 'MD5', 'sha1' => 'SHA1', 'sha256' => 'SHA256', 'sha512' => 'SHA512',
        'sha3-256' => 'SHA3-256', 'blake2b-512' => 'BLAKE2b512', 'blake2s-256' => 'BLAKE2s256'
      }.freeze

      def version = "openssl gem #{OpenSSL::VERSION} (#{OpenSSL::OPENSSL_LIBRARY_VERSION})"

      def digester(alg, mode, input)
        name = NAMES.fetch(alg)
        digest_modes(mode, input, -> { OpenSSL::Digest.digest(name, input) }, -> { OpenSSL::Digest.new(name) })
      end
    end
  end
end
