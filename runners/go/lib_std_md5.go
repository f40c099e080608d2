package main

import (
	"crypto/md5"
)

// crypto/md5: md5.Sum (one-shot, returns an array), md5.New().
func init() {
	register(&Impl{
		ID:     "go/crypto-md5",
		module: "",
		Modes:  allModes,
		Notes:  "amd64 assembly block function",
		digest: func(alg, mode string, input []byte) (digestOp, error) {
			switch mode {
			case "new":
				return newPerCall(input, md5.Size, md5.New), nil
			case "reset":
				return resetPerCall(input, md5.New()), nil
			default:
				var out [md5.Size]byte
				return digestOp{
					run: func() byte { out = md5.Sum(input); return out[0] },
					out: func() []byte { return out[:] },
				}, nil
			}
		},
	})
}
