module Hashbench
  # A failure that becomes an error reply (docs/protocol.md, "Errors").
  class RunnerError < Exception
    getter kind : String

    def initialize(@kind : String, message : String)
      super(message)
    end

    def self.unsupported(message : String)
      new("unsupported", message)
    end

    def self.invalid_params(message : String)
      new("invalid_params", message)
    end

    def self.invalid_input(message : String)
      new("invalid_input", message)
    end

    def self.protocol(message : String)
      new("protocol", message)
    end
  end
end
