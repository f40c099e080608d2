package main

import (
	"errors"

	"golang.org/x/crypto/bcrypt"
)

// golang.org/x/crypto/bcrypt: GenerateFromPassword makes its own salt (there is no way
// to pass one) and CompareHashAndPassword checks a password against a stored hash.
func init() {
	register(&Impl{
		ID:       "go/x-crypto-bcrypt",
		module:   "golang.org/x/crypto",
		Encoding: strPtr("mcf"),
		Notes: "emits $2a$; verifies $2a$/$2b$/$2x$/$2y$ alike, as $2b$ (so not crypt_blowfish's $2a$ " +
			"8-bit safety measure); no salt argument (hash with salt is unsupported); GenerateFromPassword refuses passwords over 72 bytes; a cost below 4 silently becomes 10; " +
			"hash without params uses bcrypt.DefaultCost (10)",
		hash: func(alg string, p params, length int, salt []byte) (hashFunc, error) {
			if salt != nil {
				return nil, errf(kindUnsupported, "bcrypt.GenerateFromPassword takes no salt")
			}
			cost := int(p["cost"])
			return func(password []byte) ([]byte, error) {
				hashed, err := bcrypt.GenerateFromPassword(password, cost)
				var costErr bcrypt.InvalidCostError
				switch {
				case errors.Is(err, bcrypt.ErrPasswordTooLong):
					return nil, errf(kindInput, "%v", err)
				case errors.As(err, &costErr):
					return nil, errf(kindParams, "%v", err)
				}
				return hashed, err
			}, nil
		},
		hashDefaults: func(alg string) (hashFunc, error) {
			// Go has no call without a cost: users pass the package's DefaultCost (10).
			return func(password []byte) ([]byte, error) {
				return bcrypt.GenerateFromPassword(password, bcrypt.DefaultCost)
			}, nil
		},
		verify: func(alg string) (verifyFunc, error) {
			return func(password, encoded []byte) (bool, error) {
				err := bcrypt.CompareHashAndPassword(encoded, password)
				switch {
				case err == nil:
					return true, nil
				case errors.Is(err, bcrypt.ErrMismatchedHashAndPassword):
					return false, nil
				default: // too short, bad prefix, bad cost, bad version: a malformed hash
					return false, errf(kindInput, "%v", err)
				}
			}, nil
		},
	})
}
