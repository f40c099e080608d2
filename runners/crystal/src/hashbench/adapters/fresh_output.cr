require "../adapter"

module Hashbench
  # The Crystal seed's `.reset` (catalog/seeds/crystal.toml): one hasher reset and updated
  # per op whose output is a new Bytes each op — not the runner's own `reset`, which
  # finishes into one reused buffer (the seed's `.finish`). Two spellings:
  # - Copy: `dup.final`, a copy of the hasher finished into a new output. The seed's
  #   published table (2019, Crystal 0.29) called `digest`, which was `clone.finish`
  #   (OpenSSL::DigestBase), so its `.reset` rows measured this.
  # - Alloc: `final`, the hasher itself finished into a new output: how the seed's own
  #   benchmark has called it since Crystal 0.35 (sodium.cr a8f716d, 2020-05-18).
  enum FreshOutput
    Copy
    Alloc

    def suffix : String
      copy? ? "copy" : "alloc"
    end

    # The op: *hasher* is any Digest-shaped object (reset, update, dup, final).
    def digester(hasher, input : Bytes) : Proc(Bytes)
      if copy?
        ->{ hasher.reset.update(input).dup.final }
      else
        ->{ hasher.reset.update(input).final }
      end
    end
  end
end

module Hashbench::Adapters
  # A digest library of this runner in the seed's `.reset` shape: id `<base>-copy` or
  # `<base>-alloc`, mode `reset` only (its `new` and `oneshot` are the base's own).
  class FreshOutputVariant < Adapter
    def initialize(@base : Adapter, @kind : FreshOutput)
    end

    def info : Info
      base = @base.info
      call = @kind.copy? ? "reset, update, dup.final" : "reset, update, final"
      Info.new(
        id: "#{base.id}-#{@kind.suffix}", version: base.version, ops: ["digest", "bench"],
        modes: ["reset"], encoding: nil,
        notes: "the Crystal seed's .reset: one hasher per case, #{call} each op (a new output each op)")
    end

    def digester(alg : String, mode : String, input : Bytes) : Proc(Bytes)
      raise RunnerError.unsupported("#{info.id} has no mode #{mode}") unless mode == "reset"
      @base.fresh_digester(alg, @kind, input)
    end
  end
end
