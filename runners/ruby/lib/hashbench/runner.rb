# frozen_string_literal: true

require 'json'
require_relative 'errors'
require_relative 'catalog'
require_relative 'request'
require_relative 'bench'

module Hashbench
  # Runner protocol v1 (docs/protocol.md): the hello, then one JSON reply per request
  # line. Every failure is an error reply; the loop ends only at `quit` or end of input.
  # Replies go to the real stdout, kept apart at start: $stdout is pointed at stderr, so
  # anything a library prints cannot corrupt the protocol.
  class Runner
    NAME = 'ruby'
    MAX_LINE = 16 * 1024 * 1024 # request bytes before the newline
    MAX_SAMPLES = 1_000_000
    MAX_INPUT = 1 << 31
    BENCH_OPS = %w[digest derive hash verify hash_verify noop].freeze
    MODES = %w[oneshot new reset].freeze

    def initialize(adapters, out: IO.new(1.dup, 'wb'), input: $stdin)
      @catalog = Catalog.load(NAME)
      @out = out
      @input = input.binmode
      $stdout = $stderr
      @adapters = {}
      adapters.each { |adapter| adopt(adapter) }
    end

    def serve
      send_line(hello)
      while (line = next_line)
        if line.is_a?(Integer)
          send_line(id: nil, error: { kind: 'protocol', message: "request line of #{line} bytes is over the limit of #{MAX_LINE}" })
          next
        end
        next if line.strip.empty?

        reply, stop = handle(line)
        send_line(reply)
        break if stop
      end
    rescue Errno::EPIPE, Interrupt
      nil
    end

    private

    # Serve an adapter under the catalog's library, backend and algorithms for its id.
    def adopt(adapter)
      row = @catalog.served[adapter.id]
      return warn("#{adapter.id} is not in the catalog; left out") if row.nil?

      adapter.catalog_row = row
      @adapters[adapter.id] = adapter
    end

    def hello
      {
        hello: 1,
        runner: NAME,
        runtime: "#{RUBY_ENGINE} #{RUBY_VERSION}p#{RUBY_PATCHLEVEL} (#{RUBY_PLATFORM})",
        timer: { clock: 'CLOCK_MONOTONIC (Process.clock_gettime)', resolution_ns: clock_resolution },
        implementations: @adapters.values.map(&:hello)
      }
    end

    def clock_resolution
      [Process.clock_getres(Process::CLOCK_MONOTONIC, :nanosecond).to_i, 1].max
    end

    def send_line(obj)
      @out.write(JSON.generate(obj), "\n")
      @out.flush
    end

    # The next line, or for a line over MAX_LINE its length: read through to its newline
    # a megabyte at a time, never kept (docs/protocol.md, "Line length").
    def next_line
      line = @input.gets("\n", MAX_LINE + 1)
      return line if line.nil? || line.end_with?("\n") || line.bytesize <= MAX_LINE

      size = line.bytesize
      while line && !line.end_with?("\n")
        line = @input.gets("\n", 1 << 20)
        size += line.bytesize if line
      end
      line ? size - 1 : size
    end

    def handle(line)
      id = nil
      adapter = nil
      request = Request.parse(line.force_encoding(Encoding::UTF_8)) { |read| id = read }
      cmd = request.str('cmd')
      return [{ id:, ok: true }, true] if cmd == 'quit'

      adapter = adapter_for(request) if request.key?('impl') || cmd != 'bench'
      [{ id: }.merge(command(cmd, request, adapter)), false]
    rescue RunnerError => e
      [error(id, e), false]
    rescue StandardError, NoMemoryError, SystemStackError => e
      translated = adapter&.translate(e)
      warn("#{e.class}: #{e.message}\n#{e.backtrace&.first(5)&.join("\n")}") if translated.nil?
      [error(id, translated || RunnerError.library_error("#{e.class}: #{e.message}")), false]
    end

    def error(id, err)
      { id:, error: { kind: err.kind, message: err.message.encode('UTF-8', invalid: :replace, undef: :replace) } }
    end

    def command(cmd, request, adapter)
      case cmd
      when 'derive' then { output: prepare('derive', request, adapter).call.unpack1('H*') }
      when 'hash' then { encoded: prepare('hash', request, adapter).call }
      when 'verify' then { valid: prepare('verify', request, adapter).call }
      when 'digest' then digest(request, adapter)
      when 'bench' then bench(request, adapter)
      else raise RunnerError.unsupported("unknown cmd #{cmd[0, 40]}")
      end
    end

    def adapter_for(request)
      impl = request.str('impl')
      @adapters.fetch(impl) { raise RunnerError.unsupported("unknown impl #{impl[0, 60]}") }
    end

    def algorithm(request, adapter, op)
      alg = request.str('alg')
      @catalog.spec(alg)
      raise RunnerError.unsupported("#{adapter.id} does not offer #{alg}") unless adapter.algorithms.include?(alg)
      raise RunnerError.unsupported("#{adapter.id} does not offer #{op}") unless adapter.ops.include?(op)
      raise RunnerError.unsupported("#{op} does not apply to #{alg}") if @catalog.digest?(alg) != (op == 'digest')

      alg
    end

    def digest(request, adapter)
      alg = algorithm(request, adapter, 'digest')
      data = request.hex('input', required: true)
      mode = adapter.modes.include?('oneshot') ? 'oneshot' : adapter.modes.first
      { output: adapter.digester(alg, mode, data).call.unpack1('H*') }
    end

    # [alg, password, salt, params, length], checked against the catalog.
    def password_request(request, adapter, op, need_salt)
      alg = algorithm(request, adapter, op)
      check = request.fields['unchecked'] != true
      params = @catalog.params(alg, request.params, check)
      length = @catalog.length(alg, op, request.fields['length'], check)
      password = request.hex('password', required: true)
      salt = request.hex('salt', required: need_salt)
      @catalog.salt(alg, salt) if check
      [alg, password, salt, params, length]
    end

    # The prepared call for `op`: a lambda of no arguments making exactly the library call.
    def prepare(op, request, adapter)
      case op
      when 'derive' then prepare_derive(request, adapter)
      when 'hash' then prepare_hash(request, adapter)
      when 'verify' then prepare_verify(request, adapter)
      when 'hash_verify' then prepare_hash_verify(request, adapter)
      when 'digest' then prepare_digest(request, adapter)
      else raise RunnerError.unsupported("unknown bench op #{op[0, 40]}")
      end
    end

    def prepare_derive(request, adapter)
      alg, password, salt, params, length = password_request(request, adapter, 'derive', true)
      secret = request.hex('secret')
      ad = request.hex('ad')
      if !(secret.to_s.empty? && ad.to_s.empty?) && @catalog.spec(alg)['family'] != 'argon2'
        raise RunnerError.invalid_params("#{alg} takes no secret or associated data")
      end

      adapter.deriver(alg, password, salt, params, length, secret:, ad:)
    end

    def prepare_hash(request, adapter)
      return adapter.hasher(*password_request(request, adapter, 'hash', false)) if request.key?('params')

      # Library defaults: the call a user makes with no options (docs/protocol.md).
      alg = algorithm(request, adapter, 'hash')
      raise RunnerError.unsupported("#{adapter.id} has no hash call without parameters") unless adapter.defaults?
      raise RunnerError.unsupported('a library-defaults hash makes its own salt') if request.key?('salt')

      adapter.default_hasher(alg, request.hex('password', required: true))
    end

    def prepare_verify(request, adapter)
      alg = algorithm(request, adapter, 'verify')
      password = request.hex('password', required: true)
      encoded = request.fields['encoded']
      # A bench without a string: make one with this implementation's own hash (untimed).
      encoded = prepare_hash(request, adapter).call if encoded.nil? && request.fields['cmd'] == 'bench'
      raise RunnerError.protocol('encoded must be a string') unless encoded.is_a?(String)

      verify = adapter.verifier(alg)
      params = request.params
      -> { verify.call(password, encoded, params) }
    end

    def prepare_hash_verify(request, adapter)
      make = prepare_hash(request, adapter)
      raise RunnerError.unsupported("#{adapter.id} does not offer verify") unless adapter.ops.include?('verify')

      verify = adapter.verifier(request.str('alg'))
      password = request.hex('password', required: true)
      params = request.params
      lambda do
        encoded = make.call
        [encoded, verify.call(password, encoded, params)]
      end
    end

    def prepare_digest(request, adapter)
      alg = algorithm(request, adapter, 'digest')
      mode = request.str('mode', 'oneshot')
      raise RunnerError.unsupported("#{adapter.id} has no mode #{mode[0, 40]}") unless MODES.include?(mode) && adapter.modes.include?(mode)

      data = if request.key?('input')
               request.hex('input', required: true)
             else
               size = request.int('input_size', 0)
               raise RunnerError.invalid_params("input_size=#{size} outside 0..#{MAX_INPUT}") unless (0..MAX_INPUT).cover?(size)

               Bench.pattern(size)
             end
      adapter.digester(alg, mode, data)
    end

    def bench(request, adapter)
      op = request.str('op')
      raise RunnerError.unsupported("unknown bench op #{op[0, 40]}") unless BENCH_OPS.include?(op)

      iters = request.int('iters')
      samples = request.int('samples', 1)
      raise RunnerError.invalid_params('iters must be >= 1') if iters < 1
      raise RunnerError.invalid_params("samples must be in 1..#{MAX_SAMPLES}") unless (1..MAX_SAMPLES).cover?(samples)

      call = bench_call(op, request, adapter)
      samples_ns, check, last, alloc = Bench.run(call, iters, samples,
                                                 warm: request.bool('warm', true), alloc: request.bool('alloc', true))
      reply = { samples_ns:, iters:, check: }
      reply[:alloc_bytes_per_op] = alloc unless alloc.nil?
      reply.merge!(last_result(op, last))
      reply[:peak_rss_bytes] = Bench.peak_rss_bytes
      reply
    end

    def bench_call(op, request, adapter)
      return Bench.method(:noop) if op == 'noop'
      raise RunnerError.protocol("bench #{op} needs impl") if adapter.nil?
      raise RunnerError.unsupported("#{adapter.id} does not offer bench") unless adapter.ops.include?('bench')
      if op != 'digest' && request.str('mode', 'oneshot') != 'oneshot'
        raise RunnerError.unsupported("mode #{request.str('mode')[0, 40]} applies to digests only")
      end

      prepare(op, request, adapter)
    end

    def last_result(op, last)
      case op
      when 'digest', 'derive' then { output: last.unpack1('H*') }
      when 'hash' then { encoded: last }
      when 'verify' then { valid: last }
      when 'hash_verify' then { encoded: last[0], valid: last[1] }
      else {}
      end
    end
  end
end
