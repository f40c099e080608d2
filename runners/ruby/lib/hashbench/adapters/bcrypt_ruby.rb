# frozen_string_literal: true

require 'bcrypt'
require_relative '../bcrypt_base64'

module Hashbench
  module Adapters
    # bcrypt-ruby (the bcrypt gem), what Rails' has_secure_password calls:
    # BCrypt::Password.create(password, cost: BCrypt::Engine.cost) to hash (its own salt)
    # and BCrypt::Password.new(digest).is_password?(password) to authenticate. A given salt
    # goes through BCrypt::Engine.hash_secret(password, setting), the gem's lower-level
    # call. The gem bundles Solar Designer's crypt_blowfish (ext/mri), emits $2a$, and
    # truncates passwords to 72 bytes itself before hashing (bcrypt-ruby#283).
    class BcryptRuby < Adapter
      ID = 'ruby/bcrypt'
      OPS = %w[hash verify bench].freeze
      ENCODING = 'mcf'
      NOTES = 'BCrypt::Password.create / #is_password? (has_secure_password); emits $2a$; ' \
              'passwords cut to 72 bytes silently; default cost BCrypt::Engine::DEFAULT_COST'

      def version = Gem.loaded_specs['bcrypt']&.version&.to_s || 'unknown'
      def defaults? = true

      def hasher(_alg, password, salt, params, _length)
        cost = params['cost']
        return -> { BCrypt::Password.create(password, cost:).to_s } if salt.nil?

        setting = BcryptBase64.setting('a', cost, salt)
        -> { BCrypt::Engine.hash_secret(password, setting) }
      end

      # has_secure_password with no options: BCrypt::Engine.cost, DEFAULT_COST unless set.
      def default_hasher(_alg, password)
        -> { BCrypt::Password.create(password).to_s }
      end

      def verifier(_alg)
        ->(password, encoded, _params) { BCrypt::Password.new(encoded).is_password?(password) }
      end

      def translate(error)
        case error
        when BCrypt::Errors::InvalidHash, BCrypt::Errors::InvalidSalt, BCrypt::Errors::InvalidSecret
          RunnerError.invalid_input("bcrypt-ruby refused: #{error.class.name.split('::').last} #{error.message}")
        when BCrypt::Errors::InvalidCost then RunnerError.invalid_params("bcrypt-ruby refused the cost: #{error.message}")
        when ArgumentError then RunnerError.invalid_input("bcrypt-ruby refused: #{error.message}")
        end
      end
    end
  end
end
