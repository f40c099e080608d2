# frozen_string_literal: true

module Hashbench
  # bcrypt's own base64 (./A-Za-z0-9, no padding): 16 salt bytes are 22 characters, the
  # last carrying 2 bits. Ruby's libraries take a salt only inside a setting string, so a
  # given salt is written into one; neither bcrypt-ruby nor String#crypt offers this.
  module BcryptBase64
    ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

    module_function

    def encode(raw)
      bits = raw.unpack1('B*')
      bits += '0' * (-bits.size % 6)
      bits.scan(/.{6}/).map { |six| ALPHABET[six.to_i(2)] }.join
    end

    # The setting "$2<minor>$NN$" + 22 salt characters.
    def setting(minor, cost, raw)
      format('$2%<minor>s$%<cost>02d$%<salt>s', minor:, cost:, salt: encode(raw))
    end
  end
end
