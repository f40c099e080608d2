# frozen_string_literal: true

module Hashbench
  # A failure that becomes an error reply (docs/protocol.md, "Errors"); `kind` is the
  # protocol's error kind.
  class RunnerError < StandardError
    attr_reader :kind

    def initialize(kind, message)
      super(message.to_s.empty? ? kind : message)
      @kind = kind
    end

    def self.protocol(message) = new('protocol', message)
    def self.unsupported(message) = new('unsupported', message)
    def self.invalid_params(message) = new('invalid_params', message)
    def self.invalid_input(message) = new('invalid_input', message)
    def self.library_error(message) = new('library_error', message)
  end
end
