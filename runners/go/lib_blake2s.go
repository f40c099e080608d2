package main

import (
	"hash"

	"golang.org/x/crypto/blake2s"
)

// golang.org/x/crypto/blake2s: blake2s.Sum256 (one-shot); blake2s.New256(key) returns
// (hash.Hash, error), with a nil key for plain hashing.
func init() {
	register(&Impl{
		ID:     "go/x-crypto-blake2s",
		module: "golang.org/x/crypto",
		Modes:  allModes,
		Notes:  "SSE2 / SSSE3 / SSE4.1 assembly on amd64",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			newHash := func() hash.Hash {
				h, err := blake2s.New256(nil)
				if err != nil {
					panic(err) // only for a key over 32 bytes
				}
				return h
			}
			switch mode {
			case "new":
				return newPerCall(input, blake2s.Size, newHash), nil
			case "reset":
				return resetPerCall(input, newHash()), nil
			default:
				var out [blake2s.Size]byte
				return digestOp{
					run: func() byte { out = blake2s.Sum256(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
