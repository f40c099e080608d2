package main

import (
	"hash"

	"golang.org/x/crypto/blake2b"
)

// golang.org/x/crypto/blake2b: blake2b.Sum512 (one-shot); blake2b.New512(key) returns
// (hash.Hash, error), with a nil key for plain hashing.
func init() {
	register(&Impl{
		ID:     "go/x-crypto-blake2b",
		module: "golang.org/x/crypto",
		Modes:  allModes,
		Notes:  "AVX2 / AVX / SSE4.1 assembly on amd64",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			newHash := func() hash.Hash {
				h, err := blake2b.New512(nil)
				if err != nil {
					panic(err) // only for a key over 64 bytes
				}
				return h
			}
			switch mode {
			case "new":
				return newPerCall(input, blake2b.Size, newHash), nil
			case "reset":
				return resetPerCall(input, newHash()), nil
			default:
				var out [blake2b.Size]byte
				return digestOp{
					run: func() byte { out = blake2b.Sum512(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
