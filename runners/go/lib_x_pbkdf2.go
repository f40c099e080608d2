package main

import (
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"hash"

	"golang.org/x/crypto/pbkdf2"
)

// golang.org/x/crypto/pbkdf2: Key(password, salt, iter, keyLen, sha256.New).
func init() {
	register(&Impl{
		ID:     "go/x-crypto-pbkdf2",
		module: "golang.org/x/crypto",
		Notes: "raw output only; in this x/crypto a thin wrapper over the standard " +
			"library's crypto/pbkdf2 (panics instead of returning an error); HMAC over the " +
			"standard library's assembly SHA-1/SHA-2",
		derive: func(alg string, p params, length int) (deriveFunc, error) {
			newHash := map[string]func() hash.Hash{
				"pbkdf2-sha1": sha1.New, "pbkdf2-sha256": sha256.New, "pbkdf2-sha512": sha512.New,
			}[alg]
			iter := int(p["iterations"])
			return func(password, salt []byte) ([]byte, error) {
				return pbkdf2.Key(password, salt, iter, length, newHash), nil
			}, nil
		},
	})
}
