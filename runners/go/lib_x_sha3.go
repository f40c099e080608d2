package main

import (
	"golang.org/x/crypto/sha3"
)

// golang.org/x/crypto/sha3: sha3.Sum256 (one-shot), sha3.New256() returning a hash.Hash.
func init() {
	register(&Impl{
		ID:     "go/x-crypto-sha3",
		module: "golang.org/x/crypto",
		Modes:  allModes,
		Notes: "in this x/crypto a wrapper over the standard library's crypto/sha3 " +
			"(New256 returns it as a hash.Hash interface)",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return newPerCall(input, 32, sha3.New256), nil
			case "reset":
				return resetPerCall(input, sha3.New256()), nil
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
