require "json"
require "./errors"

module Hashbench
  # One decoded request with typed accessors: a field of the wrong type is a
  # `protocol` error.
  class Request
    getter id : Int64?

    def initialize(@fields : Hash(String, JSON::Any))
      raw = @fields["id"]?.try(&.raw)
      case raw
      when Int64 then @id = raw
      when Nil   then @id = nil
      else            raise RunnerError.protocol("field id must be an integer")
      end
    end

    # Parse a line into a request; *id* is set as soon as it could be read.
    def self.parse(line : String) : Request
      any = begin
        JSON.parse(line)
      rescue e : JSON::ParseException
        raise RunnerError.protocol("malformed JSON: #{e.message}")
      end
      fields = any.as_h? || raise RunnerError.protocol("a request must be a JSON object")
      new(fields)
    end

    def has?(name : String) : Bool
      !@fields[name]?.try(&.raw).nil?
    end

    def str?(name : String) : String?
      return nil unless has?(name)
      @fields[name].as_s? || raise RunnerError.protocol("field #{name} must be a string")
    end

    def str(name : String) : String
      str?(name) || raise RunnerError.protocol("missing field #{name}")
    end

    def int?(name : String) : Int64?
      return nil unless has?(name)
      @fields[name].raw.as?(Int64) || raise RunnerError.protocol("field #{name} must be an integer")
    end

    def bool?(name : String, default = false) : Bool
      return default unless has?(name)
      value = @fields[name].raw
      value.is_a?(Bool) ? value : raise RunnerError.protocol("field #{name} must be a boolean")
    end

    def hex?(name : String) : Bytes?
      text = str?(name)
      return nil unless text
      return Bytes.empty if text.empty?
      text.hexbytes? || raise RunnerError.invalid_input("field #{name} is not hex")
    end

    def params : Hash(String, Int64)
      return {} of String => Int64 unless has?("params")
      object = @fields["params"].as_h? || raise RunnerError.protocol("field params must be an object")
      object.to_h do |key, value|
        {key, value.raw.as?(Int64) || raise RunnerError.protocol("params.#{key} must be an integer")}
      end
    end
  end
end
