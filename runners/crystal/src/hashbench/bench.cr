module Hashbench
  lib LibTime
    fun clock_getres(clock_id : LibC::ClockidT, res : LibC::Timespec*) : LibC::Int
  end

  # The timed loop and the measurements around it.
  module Bench
    # Digest input of *size* bytes: byte i = i mod 251.
    def self.pattern(size : Int32) : Bytes
      Bytes.new(size) { |i| (i % 251).to_u8 }
    end

    # One byte of an op's result for the sink (reading it needs the whole result).
    def self.byte(r : Bytes) : UInt8
      r.empty? ? 0_u8 : r.unsafe_fetch(0)
    end

    def self.byte(r : String) : UInt8
      r.bytesize == 0 ? 0_u8 : r.to_unsafe[0]
    end

    def self.byte(r : Bool) : UInt8
      r ? 1_u8 : 0_u8
    end

    # What one bench request asks for: *iters* calls per sample, *samples* samples, one
    # untimed call first (*warm*), the allocation pass after (*alloc*).
    record Plan, iters : Int32, samples : Int32, warm : Bool, alloc : Bool

    # Each sample: read the monotonic clock, call the op *iters* times feeding every
    # result into the sink, read the clock. *last* is the result of the untimed run, if
    # one was made; iters and samples are at least 1, so the loop always sets it.
    def self.samples(op : Proc(T), iters : Int32, samples : Int32, last : T?) forall T
      ns = Array(Int64).new(samples)
      sink = 0_u8
      samples.times do
        t0 = Time.monotonic
        i = 0
        while i < iters
          last = op.call
          sink ^= byte(last)
          i += 1
        end
        t1 = Time.monotonic
        ns << (t1 - t0).total_nanoseconds.to_i64
      end
      {ns, sink, last.not_nil!}
    end

    # Bytes allocated per op as Crystal's Benchmark.ips counts them (GC.stats
    # total_bytes delta), in an untimed pass of *n* ops. Boehm GC heap only: what C
    # libraries malloc themselves (OpenSSL contexts, libsodium state) is not counted.
    def self.alloc_per_op(op : Proc(T), n : Int32) : Float64 forall T
      sink = 0_u8
      before = GC.stats.total_bytes
      n.times { sink ^= byte(op.call) }
      after = GC.stats.total_bytes
      (after - before).to_f / n + (sink & 0).to_f
    end

    def self.peak_rss_bytes : Int64
      usage = uninitialized LibC::RUsage
      LibC.getrusage(LibC::RUSAGE_SELF, pointerof(usage))
      usage.ru_maxrss.to_i64 * 1024
    end

    def self.clock_resolution_ns : Int64
      res = uninitialized LibC::Timespec
      LibTime.clock_getres(LibC::CLOCK_MONOTONIC, pointerof(res))
      {res.tv_sec.to_i64 * 1_000_000_000 + res.tv_nsec.to_i64, 1_i64}.max
    end
  end
end
