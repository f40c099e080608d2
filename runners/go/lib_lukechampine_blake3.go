package main

import (
	"lukechampine.com/blake3"
)

// lukechampine.com/blake3: blake3.Sum256 (one-shot); blake3.New(size, key) returns a
// *blake3.Hasher (nil key for plain hashing).
func init() {
	register(&Impl{
		ID:     "go/lukechampine-blake3",
		module: "lukechampine.com/blake3",
		Modes:  allModes,
		Notes:  "AVX-512 / AVX2 assembly on amd64 (generated with avo); single-threaded",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return sumPerCall(32, func(out []byte) []byte {
					h := blake3.New(32, nil)
					h.Write(input)
					return h.Sum(out)
				}), nil
			case "reset":
				h := blake3.New(32, nil)
				return sumPerCall(32, func(out []byte) []byte {
					h.Reset()
					h.Write(input)
					return h.Sum(out)
				}), nil
			default:
				var out [32]byte
				return digestOp{
					run: func() byte { out = blake3.Sum256(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
