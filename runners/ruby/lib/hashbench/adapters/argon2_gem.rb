# frozen_string_literal: true

require 'argon2'

module Hashbench
  module Adapters
    # The argon2 gem (Argon2::Password), the Argon2 upgrade Rails users reach for:
    # Argon2::Password.create(password, t_cost:, m_cost:, p_cost:) with its own salt,
    # Argon2::Password.new(..., salt_do_not_supply: salt).create(password) with a given one,
    # Argon2::Password.verify_password(password, hash). FFI to its own C wrapper over the
    # reference code (ext/argon2_wrap, the portable ref.c). It makes argon2id strings only,
    # takes m_cost as log2 of the KiB (3..31), t 1..750, p 1..8, a 16-byte salt and a
    # 32-byte tag, version 19.
    class Argon2Gem < Adapter
      ID = 'ruby/argon2'
      OPS = %w[hash verify bench].freeze
      ENCODING = 'phc'
      NOTES = 'Argon2::Password.create / verify_password over its FFI C wrapper (reference ref.c); ' \
              'argon2id strings only; m a power of two (m_cost = log2 KiB), p <= 8, 16-byte salt, 32-byte tag, v=19; ' \
              'defaults t_cost 3, m_cost 16 (64 MiB), p_cost 4'

      def version = Argon2::VERSION
      def defaults? = true

      def hasher(_alg, password, salt, params, length)
        options = costs(params, length)
        return -> { Argon2::Password.create(password, options) } if salt.nil?
        raise RunnerError.unsupported("the argon2 gem takes a 16-byte salt only, not #{salt.bytesize}") if salt.bytesize != 16

        hasher = Argon2::Password.new(options.merge(salt_do_not_supply: salt))
        -> { hasher.create(password) }
      end

      def default_hasher(_alg, password)
        -> { Argon2::Password.create(password) }
      end

      def verifier(_alg)
        ->(password, encoded, _params) { Argon2::Password.verify_password(password, encoded) }
      end

      def translate(error)
        return nil unless error.is_a?(Argon2::ArgonHashFail)

        message = "argon2 gem: #{error.message}"
        error.message.match?(/hash|DECODING/i) ? RunnerError.invalid_input(message) : RunnerError.invalid_params(message)
      end

      private

      def costs(params, length)
        m = params['m']
        raise RunnerError.unsupported('the argon2 gem has version 19 only') if params['version'] != 19
        raise RunnerError.unsupported('the argon2 gem makes a 32-byte tag only') if length != 32
        unless m.positive? && m.nobits?(m - 1)
          raise RunnerError.unsupported("the argon2 gem takes m_cost as log2 of the KiB: m=#{m} is not a power of two")
        end

        { t_cost: params['t'], m_cost: m.bit_length - 1, p_cost: params['p'] }
      end
    end
  end
end
