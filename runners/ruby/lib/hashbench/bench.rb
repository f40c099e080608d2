# frozen_string_literal: true

module Hashbench
  # The timed loop, the allocation pass and peak RSS.
  #
  # A sample is: read CLOCK_MONOTONIC in ns, call the prepared op `iters` times feeding
  # each result into a sink, read the clock. The loop body is the call, one store and the
  # sink update. Strings feed their first byte (a digest's or raw output's, an encoded
  # string's "$"), booleans 1 or 0, and a hash_verify pair its boolean.
  #
  # Allocation (a separate, untimed pass with the GC off, so it never slows the timed
  # loop): objects allocated per op (GC.stat total_allocated_objects) times the size of a
  # heap slot, plus the bytes Ruby's own allocator took for them (malloc_increase_bytes,
  # which Ruby counts net of what it frees). Memory a C library takes from malloc itself
  # (libsodium's and argon2's blocks, OpenSSL's scrypt V) is not seen.
  module Bench
    SLOT = GC::INTERNAL_CONSTANTS.fetch(:RVALUE_SIZE, 40)
    NOOP_RESULT = "\x01".b.freeze

    module_function

    def noop = NOOP_RESULT

    def pattern(size)
      block = (0...251).to_a.pack('C*')
      (block * ((size / 251) + 1)).byteslice(0, size)
    end

    def sink_of(result)
      case result
      when String then result.getbyte(0) || 0
      when true then 1
      when Array then sink_of(result[1])
      else 0
      end
    end

    # [samples_ns, check, last result, alloc_bytes_per_op or nil]
    def run(op, iters, samples, warm:, alloc:)
      op.call if warm
      out = Array.new(samples)
      sink = 0
      result = nil
      samples.times do |s|
        t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
        i = 0
        while i < iters
          result = op.call
          sink ^= sink_of(result)
          i += 1
        end
        out[s] = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0
      end
      [out, format('%02x', sink & 0xff), result, alloc ? alloc_per_op(op, out.min / iters, iters) : nil]
    end

    # Bytes per op over a few calls (within about 0.2 s of the op's own time), less what
    # the same pass counts around an op that allocates nothing (the pass's own objects).
    def alloc_per_op(op, op_ns, iters)
      calls = [[iters, 100, 200_000_000 / [op_ns, 1].max].min, 1].max
      [allocated(op, calls) - allocated(method(:noop), calls), 0].max.to_f / calls
    end

    def allocated(op, calls)
      GC.start
      GC.disable
      begin
        objects = GC.stat(:total_allocated_objects)
        malloc = GC.stat(:malloc_increase_bytes)
        i = 0
        while i < calls
          op.call
          i += 1
        end
        objects = GC.stat(:total_allocated_objects) - objects
        malloc = [GC.stat(:malloc_increase_bytes) - malloc, 0].max
      ensure
        GC.enable
      end
      (objects * SLOT) + malloc
    end

    # Peak RSS of the process (VmHWM), in bytes.
    def peak_rss_bytes
      line = File.foreach('/proc/self/status').find { |l| l.start_with?('VmHWM:') }
      line ? line.split[1].to_i * 1024 : 0
    rescue SystemCallError
      0
    end
  end
end
