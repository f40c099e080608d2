require "json"
require "./errors"

module Hashbench
  # One implementation's entry in the hello line.
  # library, backend and algorithms come from the compiled catalog (Runner fills them in).
  record Info, id : String, version : String, ops : Array(String), modes : Array(String),
    encoding : String?, notes : String, defaults : Bool = false, library : String = "",
    backend : String = "", algorithms : Array(String) = [] of String do
    def to_json(json : JSON::Builder)
      json.object do
        json.field "id", id
        json.field "library", library
        json.field "version", version
        json.field "backend", backend
        json.field "algorithms", algorithms
        json.field "ops", ops
        json.field "modes", modes
        json.field "encoding", encoding
        json.field "alloc", true
        json.field "defaults", defaults
        json.field "unchecked", true
        json.field "notes", notes
      end
    end
  end

  # One library. Each builder checks what the library can express (raising
  # RunnerError) and returns a Proc that makes exactly the library call; the timing
  # loop calls it `iters` times. Parameters were range-checked against the catalog.
  abstract class Adapter
    abstract def info : Info

    def deriver(alg : String, params : Hash(String, Int64), password : Bytes, salt : Bytes, length : Int32) : Proc(Bytes)
      raise RunnerError.unsupported("#{info.id} has no derive")
    end

    def hasher(alg : String, params : Hash(String, Int64), password : Bytes, salt : Bytes?, length : Int32) : Proc(String)
      raise RunnerError.unsupported("#{info.id} has no hash")
    end

    # The call a user makes with no options (protocol "library defaults").
    def default_hasher(alg : String, password : Bytes) : Proc(String)
      raise RunnerError.unsupported("#{info.id} has no call without parameters")
    end

    def verifier(alg : String) : Proc(Bytes, String, Bool)
      raise RunnerError.unsupported("#{info.id} has no verify")
    end

    def digester(alg : String, mode : String, input : Bytes) : Proc(Bytes)
      raise RunnerError.unsupported("#{info.id} has no digest")
    end

    # One hasher of *alg* reset per op, its output new each op (adapters/fresh_output.cr).
    def fresh_digester(alg : String, kind : FreshOutput, input : Bytes) : Proc(Bytes)
      raise RunnerError.unsupported("#{info.id} has no #{kind.suffix} variant")
    end
  end
end
