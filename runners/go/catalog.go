package main

import (
	"fmt"
	"math/bits"
	"sort"
)

// The parameter ranges of catalog/algorithms.toml, kept in step by hand (the standard
// library has no TOML reader). The runner refuses out-of-range values itself before it
// calls a library, as docs/protocol.md asks.

type paramSpec struct {
	def, min, max int64
	powerOfTwo    bool
	minPer        string // the value must be >= factor * params[minPer]
	factor        int64
	choices       []int64
}

type algSpec struct {
	kind                   string // "password" or "digest"
	lenDef, lenMin, lenMax int64  // output length in bytes (password algorithms)
	saltMin, saltMax       int    // saltMax < 0: no maximum
	params                 map[string]paramSpec
}

func argon2Spec() algSpec {
	return algSpec{
		kind: "password", lenDef: 32, lenMin: 4, lenMax: 1024, saltMin: 8, saltMax: -1,
		params: map[string]paramSpec{
			"m":       {def: 65536, min: 8, max: 4194304, minPer: "p", factor: 8},
			"t":       {def: 3, min: 1, max: 1000},
			"p":       {def: 4, min: 1, max: 255},
			"version": {def: 19, choices: []int64{16, 19}},
		},
	}
}

func pbkdf2Spec(lenDef, iterDef int64) algSpec {
	return algSpec{
		kind: "password", lenDef: lenDef, lenMin: 1, lenMax: 1024, saltMin: 0, saltMax: -1,
		params: map[string]paramSpec{"iterations": {def: iterDef, min: 1, max: 100000000}},
	}
}

var catalog = map[string]algSpec{
	"argon2id": argon2Spec(),
	"argon2i":  argon2Spec(),
	"argon2d":  argon2Spec(),
	"scrypt": {
		kind: "password", lenDef: 32, lenMin: 1, lenMax: 1024, saltMin: 0, saltMax: -1,
		params: map[string]paramSpec{
			"n": {def: 65536, min: 2, max: 1 << 30, powerOfTwo: true},
			"r": {def: 8, min: 1, max: 1024},
			"p": {def: 1, min: 1, max: 1024},
		},
	},
	"bcrypt": {
		kind: "password", saltMin: 16, saltMax: 16,
		params: map[string]paramSpec{"cost": {def: 10, min: 4, max: 31}},
	},
	"pbkdf2-sha1":   pbkdf2Spec(20, 600000),
	"pbkdf2-sha256": pbkdf2Spec(32, 600000),
	"pbkdf2-sha512": pbkdf2Spec(64, 210000),
	"yescrypt": {
		kind: "password", saltMin: 0, saltMax: -1,
		params: map[string]paramSpec{"cost": {def: 5, min: 1, max: 11}},
	},
	"sha512crypt": {
		kind: "password", saltMin: 0, saltMax: 16,
		params: map[string]paramSpec{"rounds": {def: 5000, min: 1000, max: 999999999}},
	},
	"md5":         {kind: "digest"},
	"sha1":        {kind: "digest"},
	"sha256":      {kind: "digest"},
	"sha512":      {kind: "digest"},
	"sha3-256":    {kind: "digest"},
	"blake2b-512": {kind: "digest"},
	"blake2s-256": {kind: "digest"},
	"blake3":      {kind: "digest"},
}

// params holds validated integer parameters with catalog defaults filled in.
type params map[string]int64

// defaultLength is the output length when a request gives none: the catalog default,
// except scrypt derive, whose protocol default is 64 bytes.
func defaultLength(alg, op string) int64 {
	if alg == "scrypt" && op == "derive" {
		return 64
	}
	return catalog[alg].lenDef
}

// withDefaults fills in catalog defaults without checking ranges (unchecked requests);
// an unknown parameter name is still refused.
func withDefaults(alg string, given map[string]int64) (params, error) {
	spec := catalog[alg]
	out := params{}
	for k, v := range given {
		if _, ok := spec.params[k]; !ok {
			return nil, errf(kindParams, "%s has no parameter %q", alg, k)
		}
		out[k] = v
	}
	for k, ps := range spec.params {
		if _, ok := out[k]; !ok {
			out[k] = ps.def
		}
	}
	return out, nil
}

// validate checks given parameters, output length and salt length against the catalog
// and returns the full parameter set.
func validate(alg string, given map[string]int64, length int64, salt []byte) (params, error) {
	spec := catalog[alg]
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, ok := spec.params[k]; !ok {
			return nil, errf(kindParams, "%s has no parameter %q", alg, k)
		}
	}
	out := params{}
	for k, ps := range spec.params {
		v, ok := given[k]
		if !ok {
			v = ps.def
		}
		out[k] = v
	}
	names := make([]string, 0, len(out))
	for k := range out {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		ps, v := spec.params[k], out[k]
		if ps.choices != nil {
			found := false
			for _, c := range ps.choices {
				found = found || c == v
			}
			if !found {
				return nil, errf(kindParams, "%s=%d not one of %v", k, v, ps.choices)
			}
			continue
		}
		if v < ps.min || v > ps.max {
			return nil, errf(kindParams, "%s=%d outside %d..%d", k, v, ps.min, ps.max)
		}
		if ps.powerOfTwo && bits.OnesCount64(uint64(v)) != 1 {
			return nil, errf(kindParams, "%s=%d is not a power of two", k, v)
		}
		if ps.minPer != "" && v < ps.factor*out[ps.minPer] {
			return nil, errf(kindParams, "%s=%d below %d*%s=%d", k, v, ps.factor, ps.minPer,
				ps.factor*out[ps.minPer])
		}
	}
	if spec.lenMax > 0 && (length < spec.lenMin || length > spec.lenMax) {
		return nil, errf(kindParams, "length=%d outside %d..%d", length, spec.lenMin, spec.lenMax)
	}
	if salt != nil {
		if len(salt) < spec.saltMin || (spec.saltMax >= 0 && len(salt) > spec.saltMax) {
			max := "any"
			if spec.saltMax >= 0 {
				max = fmt.Sprint(spec.saltMax)
			}
			return nil, errf(kindParams, "salt of %d bytes outside %d..%s for %s",
				len(salt), spec.saltMin, max, alg)
		}
	}
	return out, nil
}
