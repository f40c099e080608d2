# frozen_string_literal: true

module Hashbench
  # One decoded request line with typed field accessors; a field of the wrong type is a
  # `protocol` error.
  class Request
    attr_reader :id, :fields

    # The request, or RunnerError('protocol'); `on_id` learns the id as soon as it is read.
    def self.parse(line, &on_id)
      obj = begin
        JSON.parse(line)
      rescue JSON::ParserError, EncodingError, ArgumentError => e
        raise RunnerError.protocol("not a JSON line: #{e.message[0, 80]}")
      end
      raise RunnerError.protocol('a request must be a JSON object') unless obj.is_a?(Hash)
      raise RunnerError.protocol('id must be an integer') unless obj['id'].is_a?(Integer)

      on_id&.call(obj['id'])
      request = new(obj)
      request.str('cmd')
      request
    end

    def initialize(fields)
      @fields = fields
      @id = fields['id']
    end

    def key?(name) = !@fields[name].nil?

    def str(name, default = nil)
      value = @fields[name]
      return default if value.nil? && !default.nil?
      raise RunnerError.protocol("#{name} must be a string") unless value.is_a?(String)

      value
    end

    def int(name, default = nil)
      value = @fields.fetch(name, default)
      raise RunnerError.protocol("#{name} must be an integer") unless value.is_a?(Integer)

      value
    end

    def bool(name, default)
      value = @fields.fetch(name, default)
      raise RunnerError.protocol("#{name} must be true or false") unless [true, false].include?(value)

      value
    end

    # A hex field as binary bytes; nil when absent (or RunnerError when required).
    def hex(name, required: false)
      value = @fields[name]
      if value.nil?
        raise RunnerError.protocol("#{name} is required (hex)") if required

        return nil
      end
      raise RunnerError.protocol("#{name} must be a hex string") unless value.is_a?(String)
      raise RunnerError.protocol("#{name} is not valid hex") unless value.match?(/\A(?:[0-9a-fA-F]{2})*\z/)

      [value].pack('H*')
    end

    def params
      value = @fields['params']
      return {} if value.nil?
      raise RunnerError.protocol('params must be an object') unless value.is_a?(Hash)

      value
    end
  end
end
