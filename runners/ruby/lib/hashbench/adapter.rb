# frozen_string_literal: true

module Hashbench
  # One library. A subclass says what the hello says of it (id, version, ops, modes,
  # encoding, notes) and overrides what its library offers; each method returns a
  # prepared call, a lambda of no arguments making exactly the call a user writes, so the
  # timed loop calls it `iters` times with nothing in between. Parameters arrive checked
  # against the catalog with its defaults filled in. Everything not overridden is
  # `unsupported`. The library name, backend and algorithms come from the catalog row.
  class Adapter
    attr_writer :catalog_row

    def id = self.class::ID
    def ops = self.class::OPS
    def modes = self.class.const_defined?(:MODES) ? self.class::MODES : []
    def encoding = self.class.const_defined?(:ENCODING) ? self.class::ENCODING : nil
    def notes = self.class.const_defined?(:NOTES) ? self.class::NOTES : ''
    def algorithms = @catalog_row.fetch('algorithms')
    def defaults? = false
    def version = raise(NotImplementedError)

    def hello
      entry = {
        id:, library: @catalog_row['library'], version:, backend: @catalog_row['backend'],
        algorithms:, ops:, modes:, encoding:,
        alloc: true, defaults: defaults?, unchecked: true
      }
      entry[:notes] = notes unless notes.empty?
      entry
    end

    def deriver(_alg, _password, _salt, _params, _length, secret: nil, ad: nil)
      raise RunnerError.unsupported("#{id} has no derive (secret: #{!secret.nil?}, ad: #{!ad.nil?})")
    end

    def hasher(_alg, _password, _salt, _params, _length)
      raise RunnerError.unsupported("#{id} has no hash")
    end

    def default_hasher(_alg, _password)
      raise RunnerError.unsupported("#{id} has no hash call without parameters")
    end

    # A lambda (password, encoded, params) -> true/false; params are the request's, for
    # formats that hold none.
    def verifier(_alg)
      raise RunnerError.unsupported("#{id} has no verify")
    end

    def digester(alg, mode, _input)
      raise RunnerError.unsupported("#{id} has no #{mode} digest of #{alg}")
    end

    # The error reply for an exception the library raised (nil: library_error).
    def translate(_error) = nil

    private

    # The three digest modes over a hasher class of the Digest::Instance kind: `oneshot`
    # the given one-shot call, `new` a fresh object from `make` per op, `reset` one object
    # reset per op.
    def digest_modes(mode, input, oneshot, make)
      case mode
      when 'oneshot' then oneshot
      when 'new' then -> { make.call.update(input).digest }
      else
        hasher = make.call
        -> { hasher.reset.update(input).digest }
      end
    end

    def no_secret(secret, ad)
      return if secret.to_s.empty? && ad.to_s.empty?

      raise RunnerError.unsupported("#{id} takes no secret or associated data")
    end
  end
end
