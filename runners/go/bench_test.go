package main

import (
	"crypto/sha256"
	"testing"
)

// BenchmarkSHA256Oneshot16KiB is Go's own harness timing the same call as the runner's
//
//	{"cmd": "bench", "impl": "go/crypto-sha256", "op": "digest", "alg": "sha256",
//	 "input_size": 16384, "mode": "oneshot", ...}
//
// (same input pattern, same one-shot call into a reused array), so the two medians can
// be compared; see docs/runners/go.md for the commands.
func BenchmarkSHA256Oneshot16KiB(b *testing.B) {
	input := make([]byte, 16384)
	for i := range input {
		input[i] = byte(i % 251)
	}
	var out [sha256.Size]byte
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		out = sha256.Sum256(input)
	}
	benchSink = out[0]
}

var benchSink byte
