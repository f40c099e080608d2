require "openssl"
require "../adapter"

module Hashbench::Adapters
  # OpenSSL::Digest (EVP through Crystal's standard library). It has no one-shot class
  # method, so the modes are `new` (OpenSSL::Digest.new(name) per op, #final allocating
  # the output) and `reset` (one object: #reset, #update, #final into a reused buffer).
  class OpenSSLDigest < Adapter
    NAMES = {
      "md5" => "MD5", "sha1" => "SHA1", "sha256" => "SHA256", "sha512" => "SHA512",
      "sha3-256" => "SHA3-256", "blake2b-512" => "BLAKE2b512", "blake2s-256" => "BLAKE2s256",
    }

    def info : Info
      Info.new(
        id: "crystal/openssl-digest", version: "#{Crystal::VERSION} (OpenSSL #{LibCrypto::OPENSSL_VERSION})", ops: ["digest", "bench"], modes: ["new", "reset"], encoding: nil,
        notes: "EVP digests; no one-shot API (oneshot unsupported); reset finalizes into a reused buffer")
    end

    private def evp_name(alg : String) : String
      NAMES[alg]? || raise RunnerError.unsupported("#{info.id} has no #{alg}")
    end

    def digester(alg : String, mode : String, input : Bytes) : Proc(Bytes)
      name = evp_name(alg)
      case mode
      when "new"
        ->{ OpenSSL::Digest.new(name).update(input).final }
      when "reset"
        digest = OpenSSL::Digest.new(name)
        buffer = Bytes.new(digest.digest_size)
        ->{ digest.reset.update(input).final(buffer) }
      else
        raise RunnerError.unsupported("#{info.id} has no mode #{mode}")
      end
    end

    def fresh_digester(alg : String, kind : FreshOutput, input : Bytes) : Proc(Bytes)
      kind.digester(OpenSSL::Digest.new(evp_name(alg)), input)
    end
  end
end
