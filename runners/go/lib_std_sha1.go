package main

import (
	"crypto/sha1"
)

// crypto/sha1: sha1.Sum (one-shot, returns an array), sha1.New().
func init() {
	register(&Impl{
		ID:     "go/crypto-sha1",
		module: "",
		Modes:  allModes,
		Notes:  "amd64 assembly (SHA-NI / AVX2 when present)",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return newPerCall(input, sha1.Size, sha1.New), nil
			case "reset":
				return resetPerCall(input, sha1.New()), nil
			default:
				var out [sha1.Size]byte
				return digestOp{
					run: func() byte { out = sha1.Sum(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
