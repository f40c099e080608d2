require "./errors"

module Hashbench
  # Parameter ranges of catalog/algorithms.toml, mirrored so the runner refuses
  # out-of-range values itself before any library sees them.
  module Catalog
    record Range3, default : Int64, min : Int64, max : Int64
    record Spec, length : Range3?, salt_min : Int32, salt_max : Int32?, params : Hash(String, Range3)

    ARGON2 = Spec.new(Range3.new(32, 4, 1024), 8, nil, {
      "m"       => Range3.new(65536, 8, 4194304),
      "t"       => Range3.new(3, 1, 1000),
      "p"       => Range3.new(4, 1, 255),
      "version" => Range3.new(19, 16, 19),
    })

    def self.pbkdf2(length, iterations)
      Spec.new(Range3.new(length, 1, 1024), 0, nil, {"iterations" => Range3.new(iterations, 1, 100_000_000)})
    end

    SPECS = {
      "argon2id"      => ARGON2,
      "argon2i"       => ARGON2,
      "argon2d"       => ARGON2,
      "scrypt"        => Spec.new(Range3.new(32, 1, 1024), 0, nil, {
        "n" => Range3.new(65536, 2, 1_073_741_824), "r" => Range3.new(8, 1, 1024), "p" => Range3.new(1, 1, 1024),
      }),
      "bcrypt"        => Spec.new(nil, 16, 16, {"cost" => Range3.new(10, 4, 31)}),
      "pbkdf2-sha1"   => pbkdf2(20, 600_000),
      "pbkdf2-sha256" => pbkdf2(32, 600_000),
      "pbkdf2-sha512" => pbkdf2(64, 210_000),
      "yescrypt"      => Spec.new(nil, 0, nil, {"cost" => Range3.new(5, 1, 11)}),
      "sha512crypt"   => Spec.new(nil, 0, 16, {"rounds" => Range3.new(5000, 1000, 999_999_999)}),
    }

    DIGESTS = %w(md5 sha1 sha256 sha512 sha3-256 blake2b-512 blake2s-256 blake3)

    def self.digest?(alg : String) : Bool
      DIGESTS.includes?(alg)
    end

    def self.default_length(alg : String, op : String) : Int64
      return 64_i64 if alg == "scrypt" && op == "derive"
      SPECS[alg]?.try(&.length).try(&.default) || 0_i64
    end

    # Fill defaults and check every range; returns the complete parameter set. With
    # *unchecked* (protocol "unchecked": true, for fidelity probes) only the defaults are
    # filled and the library sees the values as given.
    def self.validate(alg : String, given : Hash(String, Int64), length : Int64?, salt : Bytes?,
                      unchecked = false) : Hash(String, Int64)
      spec = SPECS[alg]? || raise RunnerError.unsupported("unknown algorithm #{alg}")
      given.each_key do |key|
        raise RunnerError.invalid_params("unknown parameter #{key} for #{alg}") unless spec.params.has_key?(key)
      end
      full = spec.params.to_h { |key, range| {key, given[key]? || range.default} }
      return full if unchecked
      spec.params.each do |key, range|
        value = full[key]
        unless range.min <= value <= range.max
          raise RunnerError.invalid_params("#{key}=#{value} outside #{range.min}..#{range.max} for #{alg}")
        end
      end
      if alg.starts_with?("argon2")
        unless full["version"] == 16 || full["version"] == 19
          raise RunnerError.invalid_params("version=#{full["version"]}: must be 16 or 19")
        end
        if full["m"] < 8 * full["p"]
          raise RunnerError.invalid_params("m=#{full["m"]} below 8*p=#{8 * full["p"]} KiB")
        end
      end
      if alg == "scrypt" && full["n"] & (full["n"] - 1) != 0
        raise RunnerError.invalid_params("n=#{full["n"]} is not a power of two")
      end
      if length && (range = spec.length) && !(range.min <= length <= range.max)
        raise RunnerError.invalid_params("length=#{length} outside #{range.min}..#{range.max} for #{alg}")
      end
      if salt
        max = spec.salt_max
        if salt.size < spec.salt_min || (max && salt.size > max)
          raise RunnerError.invalid_params("salt of #{salt.size} bytes outside the range for #{alg}")
        end
      end
      full
    end
  end
end
