# Crystal's own harness, Benchmark.ips, on the same call the runner's
# crystal/openssl-digest adapter makes in `reset` mode: one OpenSSL::Digest("SHA256"),
# reset, update with 16384 bytes (byte i = i mod 251), final into a reused buffer.
# Build and run (from the repository root):
#   make -s -C runners/crystal native-bench && runners/crystal/build/native-bench
require "benchmark"
require "openssl"

input = Bytes.new(16384) { |i| (i % 251).to_u8 }
digest = OpenSSL::Digest.new("SHA256")
buffer = Bytes.new(digest.digest_size)

job = Benchmark.ips do |x|
  x.report("openssl-digest sha256 16384 B reset") { digest.reset.update(input).final(buffer) }
  x.report("noop (empty block)") { }
end
job.items.each do |item|
  printf("Benchmark.ips: %s: mean %.1f ns/op (1 / mean ips; +/- %.1f%%), %d B/op\n",
    item.label, 1e9 / item.mean, item.relative_stddev, item.bytes_per_op)
end
