# frozen_string_literal: true

require 'openssl'
require 'securerandom'
require_relative '../bcrypt_base64'

module Hashbench
  module Adapters
    # String#crypt: the C library's crypt(3), on Debian libxcrypt. The caller writes the
    # setting ("$2b$NN$" and 22 salt characters; "$6$rounds=N$salt$") and draws the salt
    # (SecureRandom when the request gives none), as a user of String#crypt must: Ruby has
    # no crypt_gensalt. Verify compares crypt(password, stored) with the stored string in
    # constant time (OpenSSL.secure_compare).
    class StringCrypt < Adapter
      ID = 'ruby/string-crypt'
      OPS = %w[hash verify bench].freeze
      ENCODING = 'mcf'
      NOTES = 'crypt(3) of libxcrypt; the caller builds the setting and draws the salt; ' \
              'sha512crypt salt bytes must be crypt alphabet characters'
      CRYPT64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

      def version = "Ruby #{RUBY_VERSION} String#crypt (libxcrypt)"

      def hasher(alg, password, salt, params, _length)
        setting = case alg
                  when 'bcrypt' then BcryptBase64.setting('b', params['cost'], salt || SecureRandom.bytes(16))
                  else format('$6$rounds=%<rounds>d$%<salt>s$', rounds: params['rounds'], salt: crypt_salt(salt))
                  end
        -> { checked(password.crypt(setting), setting) }
      end

      def verifier(_alg)
        lambda do |password, encoded, _params|
          OpenSSL.secure_compare(password.crypt(encoded), encoded)
        end
      end

      def translate(error)
        case error
        when ArgumentError then RunnerError.invalid_input("String#crypt refused: #{error.message}")
        when SystemCallError then RunnerError.invalid_input("crypt(3) refused the setting: #{error.message}")
        end
      end

      private

      def crypt_salt(salt)
        return Array.new(16) { CRYPT64[SecureRandom.random_number(64)] }.join if salt.nil?
        raise RunnerError.invalid_input('sha512crypt salt must be characters of [./0-9A-Za-z]') unless salt.match?(%r{\A[./0-9A-Za-z]*\z})

        salt
      end

      # libxcrypt answers a refused setting with a failure token ("*0", "*1").
      def checked(result, setting)
        raise RunnerError.invalid_params("crypt(3) refused the setting #{setting} (#{result})") if result.start_with?('*')

        result
      end
    end
  end
end
