package main

import (
	"golang.org/x/crypto/scrypt"
)

// golang.org/x/crypto/scrypt: Key(password, salt, N, r, p, keyLen) returns the raw key.
// The package defines no encoded string format.
func init() {
	register(&Impl{
		ID:     "go/x-crypto-scrypt",
		module: "golang.org/x/crypto",
		Notes:  "raw output only (scrypt.Key); pure Go Salsa20/8; p blocks run one after another",
		derive: func(alg string, p params, length int) (deriveFunc, error) {
			n, r, par := int(p["n"]), int(p["r"]), int(p["p"])
			return func(password, salt []byte) ([]byte, error) {
				key, err := scrypt.Key(password, salt, n, r, par, length)
				if err != nil {
					return nil, errf(kindParams, "%v", err)
				}
				return key, nil
			}, nil
		},
	})
}
