# frozen_string_literal: true

require 'openssl'

module Hashbench
  module Adapters
    # Ruby's openssl extension: OpenSSL::KDF.pbkdf2_hmac(password, salt:, iterations:,
    # length:, hash:) and OpenSSL::KDF.scrypt(password, salt:, N:, r:, p:, length:), over
    # the system OpenSSL (PKCS5_PBKDF2_HMAC, EVP_PBE_scrypt). Raw output only.
    class OpensslKdf < Adapter
      ID = 'ruby/openssl-kdf'
      OPS = %w[derive bench].freeze
      NOTES = 'OpenSSL::KDF over the system OpenSSL: raw output only, no hash strings'
      HASHES = { 'pbkdf2-sha1' => 'sha1', 'pbkdf2-sha256' => 'sha256', 'pbkdf2-sha512' => 'sha512' }.freeze

      def version = "openssl gem #{OpenSSL::VERSION} (#{OpenSSL::OPENSSL_LIBRARY_VERSION})"

      def deriver(alg, password, salt, params, length, secret: nil, ad: nil)
        no_secret(secret, ad)
        if alg == 'scrypt'
          n = params['n']
          r = params['r']
          p = params['p']
          return -> { OpenSSL::KDF.scrypt(password, salt:, N: n, r:, p:, length:) }
        end

        hash = HASHES.fetch(alg)
        iterations = params['iterations']
        -> { OpenSSL::KDF.pbkdf2_hmac(password, salt:, iterations:, length:, hash:) }
      end

      def translate(error)
        return RunnerError.invalid_params("OpenSSL refused: #{error.message}") if error.is_a?(OpenSSL::KDF::KDFError)

        nil
      end
    end
  end
end
