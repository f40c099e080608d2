# frozen_string_literal: true

require 'rbnacl'

module Hashbench
  module Adapters
    # RbNaCl (FFI to the system libsodium): RbNaCl::PasswordHash.argon2id / argon2i
    # (password, salt, opslimit, memlimit, digest_size) for raw output,
    # argon2_str(password, opslimit, memlimit) and argon2_valid?(password, str) for strings,
    # PasswordHash.scrypt for scrypt's raw output; RbNaCl::Hash.sha256 / sha512 / blake2b and
    # RbNaCl::Hash::Blake2b for a hasher object (new mode; its #reset raises NoMethodError
    # in 7.1.1 once the object has a state, so there is no reset mode).
    #
    # libsodium speaks opslimit and memlimit: for argon2 opslimit = t and memlimit = m KiB
    # in bytes, with one lane and version 19 only, a 16-byte salt and a tag of at least 16
    # bytes; argon2_str makes argon2id strings with its own salt and a 32-byte tag. scrypt
    # takes no N, r, p: libsodium picks them from opslimit and memlimit (r = 8, p = 1 and
    # N = opslimit / 32 when memlimit > 32 * opslimit), so derive is offered for r = 8,
    # p = 1, N >= 1024 only, with opslimit = 32 N and memlimit = 2048 N, and RbNaCl asks for
    # a 32-byte salt.
    class Rbnacl < Adapter
      ID = 'ruby/rbnacl'
      OPS = %w[derive hash verify digest bench].freeze
      MODES = %w[oneshot new].freeze
      ENCODING = 'phc'
      NOTES = 'libsodium: argon2 with p=1, v=19, 16-byte salt, tag >= 16; argon2_str is argon2id only (own salt, 32-byte tag); ' \
              'scrypt raw output at r=8, p=1, N>=1024 with a 32-byte salt (libsodium picks N, r, p); ' \
              "'new' mode for blake2b-512 only (Hash::Blake2b#reset raises NoMethodError in 7.1.1)"
      ARGON2 = RbNaCl::PasswordHash::Argon2

      def version = "#{RbNaCl::VERSION} (libsodium #{RbNaCl::Sodium::Version::STRING})"
      def defaults? = true

      def deriver(alg, password, salt, params, length, secret: nil, ad: nil)
        no_secret(secret, ad)
        return scrypt(password, salt, params, length) if alg == 'scrypt'

        ops, mem = limits(alg, params)
        if salt.bytesize != ARGON2::SALTBYTES
          raise RunnerError.unsupported("libsodium's #{alg} takes a #{ARGON2::SALTBYTES}-byte salt only")
        end
        if length < ARGON2::ARGON2_MIN_OUTLEN
          raise RunnerError.unsupported("libsodium's #{alg} makes at least #{ARGON2::ARGON2_MIN_OUTLEN} bytes")
        end

        call = RbNaCl::PasswordHash.method(alg.to_sym)
        -> { call.call(password, salt, ops, mem, length) }
      end

      def hasher(alg, password, salt, params, length)
        raise RunnerError.unsupported('argon2_str makes argon2id strings only (libsodium\'s default)') if alg != 'argon2id'
        raise RunnerError.unsupported('argon2_str makes its own salt') unless salt.nil?
        raise RunnerError.unsupported('argon2_str makes a 32-byte tag only') if length != 32

        ops, mem = limits(alg, params)
        -> { RbNaCl::PasswordHash.argon2_str(password, ops, mem) }
      end

      # argon2_str(password): the :interactive limits.
      def default_hasher(alg, password)
        raise RunnerError.unsupported('argon2_str makes argon2id strings only') if alg != 'argon2id'

        -> { RbNaCl::PasswordHash.argon2_str(password) }
      end

      def verifier(alg)
        raise RunnerError.unsupported('RbNaCl has no scrypt string') if alg == 'scrypt'

        lambda do |password, encoded, _params|
          if encoded.start_with?("$#{alg}$") && !encoded.include?('$v=19$')
            raise RunnerError.unsupported('libsodium verifies argon2 version 19 strings only')
          end

          RbNaCl::PasswordHash.argon2_valid?(password, encoded)
        end
      end

      def digester(alg, mode, input)
        if mode == 'oneshot'
          return -> { RbNaCl::Hash.blake2b(input, digest_size: 64) } if alg == 'blake2b-512'

          call = RbNaCl::Hash.method(alg.to_sym)
          return -> { call.call(input) }
        end
        raise RunnerError.unsupported("#{id} has no #{mode} mode for #{alg}") if alg != 'blake2b-512' || mode != 'new'

        -> { RbNaCl::Hash::Blake2b.new(digest_size: 64).tap { |h| h.update(input) }.digest }
      end

      def translate(error)
        case error
        when RbNaCl::LengthError, ArgumentError then RunnerError.invalid_params("RbNaCl refused: #{error.message}")
        when RbNaCl::CryptoError then RunnerError.invalid_params("libsodium refused: #{error.message}")
        end
      end

      private

      def limits(alg, params)
        raise RunnerError.unsupported("libsodium's #{alg} uses one lane only (p=#{params['p']} asked)") if params['p'] != 1
        raise RunnerError.unsupported("libsodium's #{alg} is version 19 only") if params['version'] != 19

        [params['t'], params['m'] * 1024]
      end

      def scrypt(password, salt, params, length)
        n = params['n']
        if params['r'] != 8 || params['p'] != 1 || n < 1024
          raise RunnerError.unsupported("RbNaCl's scrypt picks N, r, p itself: only r=8, p=1, N>=1024 " \
                                        "(n=#{n}, r=#{params['r']}, p=#{params['p']})")
        end
        if salt.bytesize != RbNaCl::PasswordHash::SCrypt::SALTBYTES
          raise RunnerError.unsupported("RbNaCl's scrypt takes a #{RbNaCl::PasswordHash::SCrypt::SALTBYTES}-byte salt only")
        end

        -> { RbNaCl::PasswordHash.scrypt(password, salt, 32 * n, 2048 * n, length) }
      end
    end
  end
end
