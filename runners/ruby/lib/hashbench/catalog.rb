# frozen_string_literal: true

require 'json'

module Hashbench
  # The compiled catalog (docs/protocol.md, "The catalog a runner reads"), read once at
  # start-up: every algorithm's parameter schema and the implementations this runner
  # serves. Every request is checked against it before a library sees its values; the
  # runner keeps no table of its own.
  class Catalog
    def self.path
      named = ENV.fetch('HASHBENCH_CATALOG', '')
      return named unless named.empty?

      root = ENV.fetch('HASHBENCH_ROOT', '')
      root = File.expand_path('../../../..', __dir__) if root.empty?
      File.join(root, 'build', 'catalog.json')
    end

    # The catalog, or the process ends with a failure status and a line naming the file.
    def self.load(runner)
      file = path
      data = begin
        JSON.parse(File.read(file))
      rescue SystemCallError, JSON::ParserError => e
        abort "hashbench ruby runner: cannot read the compiled catalog #{file}: #{e.message} (run hashbench build)"
      end
      unless data.is_a?(Hash) && data['catalog'] == 1 && data['algorithms'].is_a?(Hash) && data['runners'].is_a?(Hash)
        abort "hashbench ruby runner: #{file} is not a compiled catalog of format 1 (run hashbench build)"
      end
      new(data, runner)
    end

    def initialize(data, runner)
      @algorithms = data['algorithms']
      @served = data['runners'].fetch(runner, {})
    end

    # id => {"library", "backend", "algorithms"}
    attr_reader :served

    def spec(alg)
      @algorithms.fetch(alg) { raise RunnerError.unsupported("unknown algorithm #{alg}") }
    end

    def digest?(alg) = spec(alg)['kind'] == 'digest'

    # The output length: the request's, else the protocol's default (scrypt derive: 64).
    def length(alg, op, value, check)
      rule = spec(alg)['length']
      return 0 if rule.nil? # bcrypt and the crypt formats: no output length
      return(alg == 'scrypt' && op == 'derive' ? 64 : rule['default']) if value.nil?
      raise RunnerError.protocol('length must be an integer') unless value.is_a?(Integer)
      if check && !(rule['min']..rule['max']).cover?(value)
        raise RunnerError.invalid_params("length=#{value} outside #{rule['min']}..#{rule['max']} for #{alg}")
      end

      value
    end

    # Every parameter with its default filled in; out-of-range values refused unless the
    # request is `unchecked` (fidelity probes hand them to the library as given).
    def params(alg, given, check)
      rules = spec(alg)['params'] || {}
      unknown = given.keys - rules.keys
      raise RunnerError.invalid_params("unknown parameter(s) #{unknown.join(', ')} for #{alg}") unless unknown.empty?

      full = rules.to_h { |key, rule| [key, given.fetch(key, rule['default'])] }
      full.each do |key, value|
        raise RunnerError.invalid_params("#{key}=#{value.inspect} is not an integer") unless value.is_a?(Integer)
      end
      full.each { |key, value| check_one(alg, key, value, rules[key], full) } if check
      full
    end

    def salt(alg, salt)
      rule = spec(alg)['salt']
      return if salt.nil? || rule.nil?

      lo = rule.fetch('min', 0)
      hi = rule['max']
      return if salt.bytesize >= lo && (hi.nil? || salt.bytesize <= hi)

      raise RunnerError.invalid_params("salt of #{salt.bytesize} bytes outside #{lo}..#{hi || 'any'} for #{alg}")
    end

    private

    def check_one(alg, key, value, rule, full)
      where = "#{key}=#{value}"
      if rule['choices'] && !rule['choices'].include?(value)
        raise RunnerError.invalid_params("#{where}: must be one of #{rule['choices'].join(', ')}")
      end
      if (rule['min'] && value < rule['min']) || (rule['max'] && value > rule['max'])
        raise RunnerError.invalid_params("#{where} outside #{rule['min']}..#{rule['max']} for #{alg}")
      end
      raise RunnerError.invalid_params("#{where} is not a power of two") if rule['power_of_two'] && value.anybits?(value - 1)

      per = rule['min_per']
      return unless per && value < per['factor'] * full[per['param']]

      raise RunnerError.invalid_params("#{where} below #{per['factor']}*#{per['param']}=#{per['factor'] * full[per['param']]}")
    end
  end
end
