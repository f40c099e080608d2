package main

import (
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
)

// crypto/pbkdf2 (standard library, Go 1.24+): Key(sha256.New, password, salt, iter, keyLen).
func init() {
	register(&Impl{
		ID:    "go/crypto-pbkdf2",
		Notes: "raw output only; password is a string; HMAC over the assembly SHA-1/SHA-2",
		derive: func(alg string, p params, length int) (deriveFunc, error) {
			iter := int(p["iterations"])
			switch alg {
			case "pbkdf2-sha1":
				return func(password, salt []byte) ([]byte, error) {
					return pbkdf2.Key(sha1.New, string(password), salt, iter, length)
				}, nil
			case "pbkdf2-sha512":
				return func(password, salt []byte) ([]byte, error) {
					return pbkdf2.Key(sha512.New, string(password), salt, iter, length)
				}, nil
			default:
				return func(password, salt []byte) ([]byte, error) {
					return pbkdf2.Key(sha256.New, string(password), salt, iter, length)
				}, nil
			}
		},
	})
}
