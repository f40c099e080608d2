package main

import (
	"bytes"
	"errors"

	"golang.org/x/crypto/bcrypt"
)

// golang.org/x/crypto/bcrypt: GenerateFromPassword makes its own salt (there is no way
// to pass one) and CompareHashAndPassword checks a password against a stored hash.
func init() {
	register(&Impl{
		ID:         "go/x-crypto-bcrypt",
		Library:    "golang.org/x/crypto/bcrypt",
		module:     "golang.org/x/crypto",
		Backend:    "pure",
		Algorithms: []string{"bcrypt"},
		Encoding:   strPtr("mcf"),
		Notes: "emits $2a$; verifies $2a$/$2b$/$2x$/$2y$ alike, as $2b$ ($2a$ strings whose hash " +
			"crypt_blowfish's 8-bit countermeasure changes are refused as unsupported); no salt argument (hash with salt " +
			"is unsupported); GenerateFromPassword refuses passwords over 72 bytes; a cost below 4 silently becomes 10; " +
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
				if bytes.HasPrefix(encoded, []byte("$2a$")) && blowfishSafetyApplies(password) {
					return false, errf(kindUnsupported, "x/crypto/bcrypt computes $2a$ as $2b$; "+
						"crypt_blowfish's $2a$ countermeasure gives this 8-bit password another hash")
				}
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

// blowfishSafetyApplies tells whether crypt_blowfish (libxcrypt, PHP) would hash this
// password differently under $2a$ than under $2b$. Since 2011 crypt_blowfish flips one
// bit of the first subkey for $2a$ when some byte with its top bit set sits after the
// first byte of a key word and the old sign-extension bug would have left every key word
// unchanged (so old buggy $2a$ hashes cannot collide with correct ones). x/crypto/bcrypt,
// like OpenBSD, computes $2a$ as $2b$, so for these passwords the runner refuses rather
// than answer for a different algorithm. It follows crypt_blowfish's key schedule: the
// password is a C string, read cyclically with its terminating NUL, 18 words of 4 bytes.
func blowfishSafetyApplies(password []byte) bool {
	if i := bytes.IndexByte(password, 0); i >= 0 {
		password = password[:i]
	}
	var highBit, changed uint32
	pos := 0
	for word := 0; word < 18; word++ {
		var correct, signExtended uint32
		for j := 0; j < 4; j++ {
			var b byte
			if pos < len(password) {
				b = password[pos]
			}
			correct = correct<<8 | uint32(b)
			signExtended = signExtended<<8 | uint32(int32(int8(b)))
			if j > 0 {
				highBit |= signExtended & 0x80
			}
			if b == 0 {
				pos = 0
			} else {
				pos++
			}
		}
		changed |= correct ^ signExtended
	}
	return highBit != 0 && changed == 0
}
