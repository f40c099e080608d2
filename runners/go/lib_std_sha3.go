package main

import (
	"crypto/sha3"
)

// crypto/sha3 (standard library, Go 1.24+): sha3.Sum256 (one-shot), sha3.New256()
// returning a concrete *sha3.SHA3.
func init() {
	register(&Impl{
		ID:    "go/crypto-sha3",
		Modes: allModes,
		Notes: "Keccak-f[1600] permutation in amd64 assembly",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return sumPerCall(32, func(out []byte) []byte {
					h := sha3.New256()
					h.Write(input)
					return h.Sum(out)
				}), nil
			case "reset":
				h := sha3.New256()
				return sumPerCall(32, func(out []byte) []byte {
					h.Reset()
					h.Write(input)
					return h.Sum(out)
				}), nil
			default:
				var out [32]byte
				return digestOp{
					run: func() byte { out = sha3.Sum256(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
