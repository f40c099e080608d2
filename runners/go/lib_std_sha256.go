package main

import (
	"crypto/sha256"
)

// crypto/sha256: sha256.Sum256 (one-shot, returns an array), sha256.New().
func init() {
	register(&Impl{
		ID:     "go/crypto-sha256",
		module: "",
		Modes:  allModes,
		Notes:  "amd64 assembly (SHA-NI / AVX2 when present)",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return newPerCall(input, sha256.Size, sha256.New), nil
			case "reset":
				return resetPerCall(input, sha256.New()), nil
			default:
				var out [sha256.Size]byte
				return digestOp{
					run: func() byte { out = sha256.Sum256(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
