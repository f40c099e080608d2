require "crypto/bcrypt"
require "crypto/bcrypt/password"
require "../adapter"

module Hashbench::Adapters
  # Crystal's standard library Crypto::Bcrypt (pure Crystal): Password.create(pw, cost:)
  # and Password.new(hash).verify(pw); with a given salt, Crypto::Bcrypt.new(pw, salt,
  # cost) taking the salt in bcrypt's base64. Emits $2a$ (read as $2b$, OpenBSD
  # meaning); reads $2$, $2a$, $2b$, $2y$ alike; no $2x$. It counts the password's NUL
  # terminator in its 72-byte limit, so passwords over 71 bytes raise.
  class CryptoBcrypt < Adapter
    def info : Info
      Info.new(
        id: "crystal/crypto-bcrypt", version: Crystal::VERSION,
        ops: ["hash", "verify", "bench"],
        modes: [] of String, encoding: "mcf",
        notes: "emits $2a$ (computed as $2b$); verifies $2/$2a/$2b/$2y alike, no $2x$; " \
               "refuses 72-byte passwords (unsupported: its limit counts the NUL) and longer ones " \
               "(invalid_input); $2a$ is read as $2b$ (no crypt_blowfish 8-bit countermeasure); " \
               "malformed hashes are invalid_input",
        defaults: true)
    end

    # Crypto::Bcrypt raises for what it refuses. A 72-byte password is valid bcrypt that
    # this library cannot take (its limit counts the NUL): `unsupported`. Over 72 bytes it
    # refuses like other strict libraries do: `invalid_input`, as for malformed hashes.
    private def bcrypt_call(password : Bytes, &)
      yield
    rescue e : Crypto::Bcrypt::Error
      if e.message == "Invalid password size" && password.size == 72
        raise RunnerError.unsupported("Crypto::Bcrypt counts the NUL terminator in its 72-byte " \
                                      "limit, so it refuses a 72-byte password")
      end
      raise RunnerError.invalid_params("Crypto::Bcrypt: #{e.message}") if e.message == "Invalid cost"
      raise RunnerError.invalid_input("Crypto::Bcrypt: #{e.message}")
    rescue e : IndexError
      # Password.new slices the hash before checking its length: a short string raises this
      raise RunnerError.invalid_input("Crypto::Bcrypt raised IndexError on a malformed hash")
    end

    def hasher(alg : String, params : Hash(String, Int64), password : Bytes, salt : Bytes?, length : Int32) : Proc(String)
      cost = params["cost"].to_i32
      pw = String.new(password)
      if salt
        salt64 = Crypto::Bcrypt::Base64.encode(salt, salt.size)
        ->{ bcrypt_call(password) { Crypto::Bcrypt.new(pw, salt64, cost).to_s } }
      else
        ->{ bcrypt_call(password) { Crypto::Bcrypt::Password.create(pw, cost: cost).to_s } }
      end
    end

    def default_hasher(alg : String, password : Bytes) : Proc(String)
      pw = String.new(password)
      ->{ bcrypt_call(password) { Crypto::Bcrypt::Password.create(pw).to_s } }
    end

    def verifier(alg : String) : Proc(Bytes, String, Bool)
      ->(password : Bytes, encoded : String) do
        bcrypt_call(password) { Crypto::Bcrypt::Password.new(encoded).verify(String.new(password)) }
      end
    end
  end
end
