require "json"
require "./errors"
require "./catalog"
require "./adapter"
require "./bench"
require "./request"

module Hashbench
  alias Fields = Hash(String, JSON::Any)

  # Protocol v1 (docs/protocol.md): the hello line, then one reply per request line.
  class Runner
    @impls : Hash(String, Adapter)
    @infos : Hash(String, Info)

    def initialize(adapters : Array(Adapter))
      served = Catalog.served("crystal")
      @impls = {} of String => Adapter
      @infos = {} of String => Info
      adapters.each do |adapter|
        info = adapter.info
        unless row = served[info.id]?
          STDERR.puts "#{info.id} is not in the catalog; left out"
          next
        end
        @impls[info.id] = adapter
        @infos[info.id] = info.copy_with(library: row["library"].as_s, backend: row["backend"].as_s,
          algorithms: row["algorithms"].as_a.map(&.as_s))
      end
    end

    def run : Nil
      send_json do |json|
        json.object do
          json.field "hello", 1
          json.field "runner", "crystal"
          json.field "runtime", "crystal #{Crystal::VERSION} (LLVM #{Crystal::LLVM_VERSION}, --release)"
          json.field "timer" do
            json.object do
              json.field "clock", "CLOCK_MONOTONIC (Time.monotonic)"
              json.field "resolution_ns", Bench.clock_resolution_ns
            end
          end
          json.field "implementations", @infos.values
        end
      end
      while line = read_line
        if line.is_a?(Int64)
          send_error(nil, "protocol", "request line of #{line} bytes is over the limit of #{MAX_LINE}")
          next
        end
        line = line.chomp.rchop('\r')
        next if line.blank?
        break if handle_line(line)
      end
    end

    # The longest request line read, in bytes before the newline (docs/protocol.md).
    MAX_LINE = 16 * 1024 * 1024

    # The next request line; for a line over MAX_LINE its length instead, read through to
    # its newline a megabyte at a time and not kept.
    private def read_line : String | Int64 | Nil
      line = STDIN.gets('\n', MAX_LINE + 1)
      return line if line.nil? || line.ends_with?('\n') || line.bytesize <= MAX_LINE
      size = line.bytesize.to_i64
      while piece = STDIN.gets('\n', 1 << 20)
        size += piece.bytesize
        return size - 1 if piece.ends_with?('\n')
      end
      size
    end

    private def send_json(&)
      STDOUT << JSON.build { |json| yield json } << '\n'
      STDOUT.flush
    end

    private def send(fields : Fields)
      STDOUT << fields.to_json << '\n'
      STDOUT.flush
    end

    # Returns true when the runner must exit (quit).
    private def handle_line(line : String) : Bool
      id = nil
      begin
        request = Request.parse(line)
        id = request.id
        reply = handle(request)
        if reply.nil?
          send({"id" => JSON::Any.new(id), "ok" => JSON::Any.new(true)})
          return true
        end
        send(Fields{"id" => JSON::Any.new(id)}.merge(reply))
      rescue e : RunnerError
        send_error(id, e.kind, e.message || e.kind)
      rescue e : Exception
        send_error(id, "library_error", "#{e.class}: #{e.message}")
      end
      false
    end

    private def send_error(id : Int64?, kind : String, message : String)
      send({
        "id"    => JSON::Any.new(id),
        "error" => JSON::Any.new({"kind" => JSON::Any.new(kind), "message" => JSON::Any.new(message.scrub)}),
      })
    end

    private def handle(req : Request) : Fields?
      cmd = req.str("cmd")
      case cmd
      when "quit"  then nil
      when "bench" then bench(req)
      when "derive"
        adapter, alg = target(req, "derive")
        {"output" => JSON::Any.new(derive_op(req, adapter, alg).call.hexstring)}
      when "hash"
        adapter, alg = target(req, "hash")
        make = req.has?("params") ? hash_op(req, adapter, alg) : adapter.default_hasher(alg, password(req))
        {"encoded" => JSON::Any.new(make.call)}
      when "verify"
        adapter, alg = target(req, "verify")
        valid = adapter.verifier(alg).call(password(req), req.str("encoded"))
        {"valid" => JSON::Any.new(valid)}
      when "digest"
        adapter, alg = target(req, "digest")
        mode = adapter.info.modes.first
        {"output" => JSON::Any.new(adapter.digester(alg, mode, req.hex?("input") || Bytes.empty).call.hexstring)}
      else
        raise RunnerError.unsupported("unknown cmd #{cmd}")
      end
    end

    # The adapter and algorithm of a request, checked against the hello's capabilities.
    private def target(req : Request, op : String) : {Adapter, String}
      id = req.str("impl")
      adapter = @impls[id]? || raise RunnerError.unsupported("unknown impl #{id}")
      alg = req.str("alg")
      info = @infos[id]
      raise RunnerError.unsupported("#{id} does not offer algorithm #{alg}") unless info.algorithms.includes?(alg)
      raise RunnerError.unsupported("#{id} does not offer op #{op}") unless info.ops.includes?(op)
      if Catalog.digest?(alg) != (op == "digest")
        raise RunnerError.unsupported("op #{op} does not apply to #{alg}")
      end
      {adapter, alg}
    end

    private def password(req : Request) : Bytes
      req.hex?("password") || Bytes.empty
    end

    private def checked(req : Request, alg : String, op : String)
      salt = req.hex?("salt")
      length = req.int?("length") || Catalog.default_length(alg, op)
      params = Catalog.validate(alg, req.params, length, salt, req.bool?("unchecked"))
      {params, salt, length.to_i32}
    end

    private def derive_op(req : Request, adapter : Adapter, alg : String) : Proc(Bytes)
      params, salt, length = checked(req, alg, "derive")
      raise RunnerError.protocol("derive needs a salt") unless salt
      if req.has?("secret") || req.has?("ad")
        raise RunnerError.unsupported("#{adapter.info.id} takes no secret or associated data")
      end
      adapter.deriver(alg, params, password(req), salt, length)
    end

    private def hash_op(req : Request, adapter : Adapter, alg : String) : Proc(String)
      params, salt, length = checked(req, alg, "hash")
      adapter.hasher(alg, params, password(req), salt, length)
    end

    private def bench(req : Request) : Fields
      iters = req.int?("iters") || raise RunnerError.protocol("missing field iters")
      samples = req.int?("samples") || 1_i64
      unless 1 <= iters <= Int32::MAX && 1 <= samples <= Int32::MAX
        raise RunnerError.invalid_params("iters and samples must be in 1..#{Int32::MAX}")
      end
      plan = Bench::Plan.new(iters.to_i32, samples.to_i32, req.bool?("warm", true), req.bool?("alloc", true))
      op = req.str("op")
      mode = req.str?("mode") || "oneshot"
      if op != "noop" && op != "digest" && mode != "oneshot"
        raise RunnerError.unsupported("mode #{mode} applies to digests only")
      end
      case op
      when "noop"
        one = Bytes[1]
        measure(->{ one }, plan) { |_| Fields.new }
      when "digest"
        adapter, alg = target(req, "digest")
        unless adapter.info.modes.includes?(mode)
          raise RunnerError.unsupported("#{adapter.info.id} has no mode #{mode}")
        end
        size = req.int?("input_size") || 0_i64
        raise RunnerError.invalid_params("input_size must be in 0..#{1 << 30}") unless 0 <= size <= (1 << 30)
        input = req.hex?("input") || Bench.pattern(size.to_i32)
        measure(adapter.digester(alg, mode, input), plan) { |r| {"output" => JSON::Any.new(r.hexstring)} }
      when "derive"
        adapter, alg = target(req, "derive")
        measure(derive_op(req, adapter, alg), plan) { |r| {"output" => JSON::Any.new(r.hexstring)} }
      when "hash"
        adapter, alg = target(req, "hash")
        measure(hash_op(req, adapter, alg), plan) { |r| {"encoded" => JSON::Any.new(r)} }
      when "verify"
        adapter, alg = target(req, "verify")
        verify = adapter.verifier(alg)
        pw = password(req)
        encoded = req.str?("encoded") || begin
          raise RunnerError.protocol("verify needs encoded") unless adapter.info.ops.includes?("hash")
          hash_op(req, adapter, alg).call
        end
        measure(->{ verify.call(pw, encoded) }, plan) do |r|
          {"valid" => JSON::Any.new(r), "encoded" => JSON::Any.new(encoded)}
        end
      when "hash_verify"
        adapter, alg = target(req, "hash")
        raise RunnerError.unsupported("#{adapter.info.id} has no verify") unless adapter.info.ops.includes?("verify")
        make = hash_op(req, adapter, alg)
        verify = adapter.verifier(alg)
        pw = password(req)
        encoded = ""
        fn = ->do
          encoded = make.call
          verify.call(pw, encoded)
        end
        measure(fn, plan) { |r| {"encoded" => JSON::Any.new(encoded), "valid" => JSON::Any.new(r)} }
      else
        raise RunnerError.unsupported("unknown bench op #{op}")
      end
    end

    private def measure(fn : Proc(T), plan : Bench::Plan, & : T -> Fields) : Fields forall T
      first = plan.warm ? fn.call : nil # once untimed: a failing op fails the request here
      ns, sink, last = Bench.samples(fn, plan.iters, plan.samples, first)
      fields = Fields{
        "samples_ns" => JSON::Any.new(ns.map { |n| JSON::Any.new(n) }),
        "iters"      => JSON::Any.new(plan.iters.to_i64),
        "check"      => JSON::Any.new("%02x" % sink),
      }
      fields.merge!(yield last)
      if plan.alloc
        fields["alloc_bytes_per_op"] = JSON::Any.new(Bench.alloc_per_op(fn, Math.min(plan.iters, 1000)))
      end
      fields["peak_rss_bytes"] = JSON::Any.new(Bench.peak_rss_bytes)
      fields
    end
  end
end
