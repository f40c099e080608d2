require "json"
require "./errors"

module Hashbench
  # The compiled catalog (docs/protocol.md, "The catalog a runner reads"), read once at
  # start-up: every algorithm's parameter schema, so the runner refuses out-of-range
  # values itself before any library sees them, and the implementations it serves.
  module Catalog
    @@data : JSON::Any?

    def self.path : String
      ENV["HASHBENCH_CATALOG"]? || File.join(ENV["HASHBENCH_ROOT"]? || Dir.current, "build", "catalog.json")
    end

    def self.data : JSON::Any
      @@data ||= begin
        parsed = JSON.parse(File.read(path))
        unless parsed["catalog"]?.try(&.as_i?) == 1 && parsed["algorithms"]?.try(&.as_h?) && parsed["runners"]?.try(&.as_h?)
          STDERR.puts "#{path} is not a compiled catalog of format 1 (run hashbench build)"
          exit 1
        end
        parsed
      rescue e : File::Error | JSON::ParseException
        STDERR.puts "cannot read the compiled catalog #{path}: #{e.message} (run hashbench build)"
        exit 1
      end
    end

    # id => {library, backend, algorithms} for the implementations of this runner.
    def self.served(runner : String) : Hash(String, JSON::Any)
      data["runners"][runner]?.try(&.as_h) || {} of String => JSON::Any
    end

    private def self.spec(alg : String) : JSON::Any?
      data["algorithms"][alg]?
    end

    def self.digest?(alg : String) : Bool
      spec(alg).try(&.["kind"].as_s) == "digest"
    end

    def self.default_length(alg : String, op : String) : Int64
      return 64_i64 if alg == "scrypt" && op == "derive" # the protocol's derive default
      spec(alg).try(&.["length"].as_h?).try(&.["default"].as_i64) || 0_i64
    end

    # Fill defaults and check every range; returns the complete parameter set. With
    # *unchecked* (protocol "unchecked": true, for fidelity probes) only the defaults are
    # filled and the library sees the values as given.
    def self.validate(alg : String, given : Hash(String, Int64), length : Int64?, salt : Bytes?,
                      unchecked = false) : Hash(String, Int64)
      spec = spec(alg)
      raise RunnerError.unsupported("unknown algorithm #{alg}") unless spec && spec["kind"].as_s == "password"
      rules = spec["params"].as_h
      given.each_key do |key|
        raise RunnerError.invalid_params("unknown parameter #{key} for #{alg}") unless rules.has_key?(key)
      end
      full = rules.to_h { |key, rule| {key, given[key]? || rule["default"].as_i64} }
      return full if unchecked
      rules.each { |key, rule| check(alg, key, full[key], rule, full) }
      if length && (range = spec["length"].as_h?)
        min, max = range["min"].as_i64, range["max"].as_i64
        raise RunnerError.invalid_params("length=#{length} outside #{min}..#{max} for #{alg}") unless min <= length <= max
      end
      if salt && (range = spec["salt"].as_h?)
        max = range["max"]?.try(&.as_i64)
        if salt.size < range["min"].as_i64 || (max && salt.size > max)
          raise RunnerError.invalid_params("salt of #{salt.size} bytes outside the range for #{alg}")
        end
      end
      full
    end

    private def self.check(alg : String, key : String, value : Int64, rule : JSON::Any, full : Hash(String, Int64))
      if (choices = rule["choices"]?) && !choices.as_a.map(&.as_i64).includes?(value)
        raise RunnerError.invalid_params("#{key}=#{value}: must be one of #{choices.as_a.join(", ")}")
      end
      min = rule["min"]?.try(&.as_i64) || Int64::MIN
      max = rule["max"]?.try(&.as_i64) || Int64::MAX
      raise RunnerError.invalid_params("#{key}=#{value} outside #{min}..#{max} for #{alg}") unless min <= value <= max
      if rule["power_of_two"]?.try(&.as_bool) && value & (value - 1) != 0
        raise RunnerError.invalid_params("#{key}=#{value} is not a power of two")
      end
      if (per = rule["min_per"]?)
        floor = per["factor"].as_i64 * full[per["param"].as_s]
        raise RunnerError.invalid_params("#{key}=#{value} below #{floor} for #{alg}") if value < floor
      end
    end
  end
end
