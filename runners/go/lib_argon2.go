package main

import (
	"math"

	"golang.org/x/crypto/argon2"
)

// golang.org/x/crypto/argon2: IDKey (Argon2id) and Key (Argon2i) return the raw tag.
// The package has no encoded (PHC) string, no verify, no Argon2d, only version 0x13,
// and no secret or associated data in its exported API.
func init() {
	register(&Impl{
		ID:     "go/x-crypto-argon2",
		module: "golang.org/x/crypto",
		Notes: "raw output only (IDKey/Key): no PHC string, no hash/verify; version 19 only; " +
			"no argon2d, no secret/ad; lanes run on goroutines; SSE4.1 block function on amd64",
		derive: func(alg string, p params, length int) (deriveFunc, error) {
			if p["version"] != 19 {
				return nil, errf(kindUnsupported, "x/crypto/argon2 implements version 19 only")
			}
			// The API's types: time, memory and keyLen are uint32, threads a uint8.
			for _, v := range []struct {
				name     string
				val, max int64
			}{{"t", p["t"], math.MaxUint32}, {"m", p["m"], math.MaxUint32},
				{"p", p["p"], math.MaxUint8}, {"length", int64(length), math.MaxUint32}} {
				if v.val < 0 || v.val > v.max {
					return nil, errf(kindParams, "%s=%d does not fit argon2's argument type", v.name, v.val)
				}
			}
			t, m, threads, keyLen := uint32(p["t"]), uint32(p["m"]), uint8(p["p"]), uint32(length)
			if alg == "argon2i" {
				return func(password, salt []byte) ([]byte, error) {
					return argon2.Key(password, salt, t, m, threads, keyLen), nil
				}, nil
			}
			return func(password, salt []byte) ([]byte, error) {
				return argon2.IDKey(password, salt, t, m, threads, keyLen), nil
			}, nil
		},
	})
}
