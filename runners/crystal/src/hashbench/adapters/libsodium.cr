require "../adapter"

module Hashbench
  # The runner's own binding to the few libsodium functions it calls.
  @[Link("sodium")]
  lib LibSodium
    fun sodium_init : LibC::Int
    fun sodium_version_string : LibC::Char*
    fun crypto_generichash_statebytes : LibC::SizeT
    fun crypto_generichash(hash : UInt8*, hashlen : LibC::SizeT, input : UInt8*, inlen : UInt64, key : UInt8*, keylen : LibC::SizeT) : LibC::Int
    fun crypto_generichash_init(state : Void*, key : UInt8*, keylen : LibC::SizeT, hashlen : LibC::SizeT) : LibC::Int
    fun crypto_generichash_update(state : Void*, input : UInt8*, inlen : UInt64) : LibC::Int
    fun crypto_generichash_final(state : Void*, hash : UInt8*, hashlen : LibC::SizeT) : LibC::Int
    fun crypto_pwhash(hash : UInt8*, hashlen : UInt64, passwd : UInt8*, passwdlen : UInt64, salt : UInt8*,
                      opslimit : UInt64, memlimit : LibC::SizeT, alg : LibC::Int) : LibC::Int
    fun crypto_pwhash_str_alg(str : UInt8*, passwd : UInt8*, passwdlen : UInt64, opslimit : UInt64,
                              memlimit : LibC::SizeT, alg : LibC::Int) : LibC::Int
    fun crypto_pwhash_str_verify(str : UInt8*, passwd : UInt8*, passwdlen : UInt64) : LibC::Int
    fun crypto_pwhash_alg_argon2id13 : LibC::Int
    fun crypto_pwhash_strbytes : LibC::SizeT
    fun crypto_pwhash_saltbytes : LibC::SizeT
    fun crypto_pwhash_bytes_min : LibC::SizeT
  end

  # BLAKE2b through crypto_generichash, shaped like the Sodium::Digest::Blake2b of the
  # Crystal reference benchmark: one-shot, or a state object with update / final / reset.
  class Blake2b
    @buffer : Bytes
    @state : Void*

    def initialize(@size : Int32 = 64)
      @buffer, @state = Blake2b.aligned_state
      reset
    end

    # A copy with a state of its own, as Sodium::Digest::Blake2b's `clone` (its state
    # was a StaticArray inside the object): what Crystal 0.29's `digest` finished.
    def initialize(@size : Int32, *, copy_of : Blake2b)
      @buffer, @state = Blake2b.aligned_state
      @state.as(UInt8*).copy_from(copy_of.state.as(UInt8*), LibSodium.crypto_generichash_statebytes)
    end

    # crypto_generichash_state is declared 64-byte aligned: a buffer with room to align it.
    protected def self.aligned_state : {Bytes, Void*}
      buffer = Bytes.new(LibSodium.crypto_generichash_statebytes + 63)
      {buffer, Pointer(Void).new((buffer.to_unsafe.address + 63) & ~63_u64)}
    end

    protected getter state : Void*

    def dup : Blake2b
      Blake2b.new(@size, copy_of: self)
    end

    def self.digest(data : Bytes, dst : Bytes) : Bytes
      LibSodium.crypto_generichash(dst, dst.size, data, data.size, nil, 0)
      dst
    end

    def reset : self
      LibSodium.crypto_generichash_init(@state, nil, 0, @size)
      self
    end

    def update(data : Bytes) : self
      LibSodium.crypto_generichash_update(@state, data, data.size)
      self
    end

    def final(dst : Bytes) : Bytes
      LibSodium.crypto_generichash_final(@state, dst, dst.size)
      dst
    end

    # The output in a new Bytes, as Crystal's Digest#final.
    def final : Bytes
      final(Bytes.new(@size))
    end
  end
end

module Hashbench::Adapters
  # libsodium through the runner's own `lib` binding: crypto_generichash (BLAKE2b-512)
  # and crypto_pwhash argon2id (raw derive, PHC string, verify). libsodium's argon2 has
  # one lane (p=1), version 19, a 16-byte salt and outputs of at least 16 bytes.
  class Libsodium < Adapter
    def initialize
      raise "sodium_init failed" if LibSodium.sodium_init < 0
    end

    def info : Info
      Info.new(
        id: "crystal/libsodium", version: String.new(LibSodium.sodium_version_string), ops: ["derive", "hash", "verify", "digest", "bench"],
        modes: ["oneshot", "new", "reset"], encoding: "phc",
        notes: "argon2id with p=1, version 19, 16-byte salt, output >= 16 bytes, no secret/ad; " \
               "crypto_pwhash_str_verify reports malformed strings as false")
    end

    # libsodium returns -1 and sets errno: EINVAL for refused parameters, ENOMEM otherwise.
    def self.failure(call : String) : RunnerError
      errno = Errno.value
      kind = errno == Errno::EINVAL ? "invalid_params" : "library_error"
      RunnerError.new(kind, "#{call} returned -1 (#{errno})")
    end

    private def check(params : Hash(String, Int64))
      if params["p"] != 1
        raise RunnerError.unsupported("libsodium argon2id runs one lane only (p=1), got p=#{params["p"]}")
      end
      raise RunnerError.unsupported("libsodium argon2id is version 19 only") if params["version"] != 19
    end

    def deriver(alg : String, params : Hash(String, Int64), password : Bytes, salt : Bytes, length : Int32) : Proc(Bytes)
      check(params)
      if salt.size != LibSodium.crypto_pwhash_saltbytes
        raise RunnerError.unsupported("crypto_pwhash takes a salt of exactly #{LibSodium.crypto_pwhash_saltbytes} bytes, got #{salt.size}")
      end
      if length < LibSodium.crypto_pwhash_bytes_min
        raise RunnerError.invalid_params("crypto_pwhash output is at least #{LibSodium.crypto_pwhash_bytes_min} bytes, got #{length}")
      end
      ops = params["t"].to_u64
      mem = LibC::SizeT.new(params["m"]) * 1024
      alg_id = LibSodium.crypto_pwhash_alg_argon2id13
      ->do
        key = Bytes.new(length)
        if LibSodium.crypto_pwhash(key, key.size, password, password.size, salt, ops, mem, alg_id) != 0
          raise Libsodium.failure("crypto_pwhash")
        end
        key
      end
    end

    def hasher(alg : String, params : Hash(String, Int64), password : Bytes, salt : Bytes?, length : Int32) : Proc(String)
      check(params)
      raise RunnerError.unsupported("crypto_pwhash_str makes its own salt") if salt
      raise RunnerError.unsupported("crypto_pwhash_str tag length is fixed at 32 bytes") if length != 32
      ops = params["t"].to_u64
      mem = LibC::SizeT.new(params["m"]) * 1024
      alg_id = LibSodium.crypto_pwhash_alg_argon2id13
      strbytes = LibSodium.crypto_pwhash_strbytes
      ->do
        String.new(strbytes) do |buffer|
          if LibSodium.crypto_pwhash_str_alg(buffer, password, password.size, ops, mem, alg_id) != 0
            raise Libsodium.failure("crypto_pwhash_str")
          end
          len = LibC.strlen(buffer)
          {len, len}
        end
      end
    end

    def verifier(alg : String) : Proc(Bytes, String, Bool)
      ->(password : Bytes, encoded : String) do
        LibSodium.crypto_pwhash_str_verify(encoded, password, password.size) == 0
      end
    end

    def digester(alg : String, mode : String, input : Bytes) : Proc(Bytes)
      case mode
      when "oneshot"
        buffer = Bytes.new(64)
        ->{ Blake2b.digest(input, buffer) }
      when "new"
        ->{ Blake2b.new.update(input).final(Bytes.new(64)) }
      when "reset"
        hasher = Blake2b.new
        buffer = Bytes.new(64)
        ->{ hasher.reset.update(input).final(buffer) }
      else
        raise RunnerError.unsupported("#{info.id} has no mode #{mode}")
      end
    end

    def fresh_digester(alg : String, kind : FreshOutput, input : Bytes) : Proc(Bytes)
      kind.digester(Blake2b.new, input)
    end
  end
end
