package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"sort"
)

// The parameter ranges and defaults of every algorithm, read at start-up from the
// compiled catalog (docs/protocol.md, "The catalog a runner reads"). The runner refuses
// out-of-range values itself before it calls a library, as docs/protocol.md asks.

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

var catalog = map[string]algSpec{}

// jsonRule and jsonAlg are the compiled catalog's shapes (src/hashbench/catalog/compiled.py).
type jsonRule struct {
	Default    int64   `json:"default"`
	Min        *int64  `json:"min"`
	Max        *int64  `json:"max"`
	PowerOfTwo bool    `json:"power_of_two"`
	Choices    []int64 `json:"choices"`
	MinPer     *struct {
		Param  string `json:"param"`
		Factor int64  `json:"factor"`
	} `json:"min_per"`
}

type jsonRange struct {
	Default int64  `json:"default"`
	Min     int64  `json:"min"`
	Max     *int64 `json:"max"`
}

type jsonAlg struct {
	Kind   string              `json:"kind"`
	Length *jsonRange          `json:"length"`
	Salt   *jsonRange          `json:"salt"`
	Params map[string]jsonRule `json:"params"`
}

type jsonCatalog struct {
	Format     int                                     `json:"catalog"`
	Algorithms map[string]jsonAlg                      `json:"algorithms"`
	Runners    map[string]map[string]catalogImplFields `json:"runners"`
}

// catalogImplFields is what the catalog says of an implementation this runner serves.
type catalogImplFields struct {
	Library    string   `json:"library"`
	Backend    string   `json:"backend"`
	Algorithms []string `json:"algorithms"`
}

func catalogPath() string {
	if path := os.Getenv("HASHBENCH_CATALOG"); path != "" {
		return path
	}
	root := os.Getenv("HASHBENCH_ROOT")
	if root == "" {
		root = "."
	}
	return filepath.Join(root, "build", "catalog.json")
}

// loadCatalog reads the compiled catalog: the parameter schema of every algorithm into
// `catalog`, and returns the implementations it lists for this runner.
func loadCatalog() (map[string]catalogImplFields, error) {
	path := catalogPath()
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the compiled catalog %s: %w", path, err)
	}
	var data jsonCatalog
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, fmt.Errorf("compiled catalog %s: %w", path, err)
	}
	if data.Format != 1 || data.Algorithms == nil || data.Runners == nil {
		return nil, fmt.Errorf("%s is not a compiled catalog of format 1", path)
	}
	for name, alg := range data.Algorithms {
		spec := algSpec{kind: alg.Kind, saltMax: -1, params: map[string]paramSpec{}}
		if alg.Length != nil {
			spec.lenDef, spec.lenMin = alg.Length.Default, alg.Length.Min
			if alg.Length.Max != nil {
				spec.lenMax = *alg.Length.Max
			}
		}
		if alg.Salt != nil {
			spec.saltMin = int(alg.Salt.Min)
			if alg.Salt.Max != nil {
				spec.saltMax = int(*alg.Salt.Max)
			}
		}
		for key, rule := range alg.Params {
			ps := paramSpec{def: rule.Default, min: math.MinInt64, max: math.MaxInt64,
				powerOfTwo: rule.PowerOfTwo, choices: rule.Choices}
			if rule.Min != nil {
				ps.min = *rule.Min
			}
			if rule.Max != nil {
				ps.max = *rule.Max
			}
			if rule.MinPer != nil {
				ps.minPer, ps.factor = rule.MinPer.Param, rule.MinPer.Factor
			}
			spec.params[key] = ps
		}
		catalog[name] = spec
	}
	return data.Runners["go"], nil
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
