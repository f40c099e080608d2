package main

import (
	"crypto/sha512"
)

// crypto/sha512: sha512.Sum512 (one-shot, returns an array), sha512.New().
func init() {
	register(&Impl{
		ID:     "go/crypto-sha512",
		module: "",
		Modes:  allModes,
		Notes:  "amd64 assembly (AVX2 when present)",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return newPerCall(input, sha512.Size, sha512.New), nil
			case "reset":
				return resetPerCall(input, sha512.New()), nil
			default:
				var out [sha512.Size]byte
				return digestOp{
					run: func() byte { out = sha512.Sum512(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
