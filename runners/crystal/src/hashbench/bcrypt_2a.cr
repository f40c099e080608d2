module Hashbench
  # Where bcrypt libraries with OpenBSD semantics and crypt_blowfish (glibc/libxcrypt,
  # PHP: the reference for $2a$/$2x$/$2y$) disagree. crypt_blowfish's BF_set_key gives
  # $2a$ a countermeasure: one bit of the initial state flips for a password whose bytes
  # >= 0x80 were sign-extended by the pre-2011 bug but left every key word unchanged.
  # A library that reads $2a$ as $2b$ cannot compute that hash. Not a hash: this only
  # decides when to reply `unsupported` instead of a divergent answer.
  module Bcrypt2a
    # The key loop of BF_set_key over the password as a C string, cycled with its NUL.
    def self.countermeasure?(password : Bytes) : Bool
      n = password.index(0_u8) || password.size
      ptr = 0
      sign = 0_u32
      diff = 0_u32
      18.times do
        correct = 0_u32
        buggy = 0_u32
        4.times do |j|
          c = ptr < n ? password[ptr] : 0_u8
          correct = (correct << 8) | c
          buggy = (buggy << 8) | (c > 0x7f ? (c.to_u32 | 0xffffff00_u32) : c.to_u32)
          sign |= buggy & 0x80 if j > 0
          ptr = c == 0 ? 0 : ptr + 1
        end
        diff |= correct ^ buggy
      end
      sign != 0 && diff == 0
    end
  end
end
