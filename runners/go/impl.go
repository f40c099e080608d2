package main

import (
	"fmt"
	"hash"
	"os"
	"runtime"
	"runtime/debug"
)

// Impl is one implementation in the hello line: a library and what the runner can ask
// of it. Each lib_*.go file registers one, with the calls written as its README shows.
type Impl struct {
	ID         string   `json:"id"`
	Library    string   `json:"library"`
	Version    string   `json:"version"`
	Backend    string   `json:"backend"`
	Algorithms []string `json:"algorithms"`
	Ops        []string `json:"ops"`
	Modes      []string `json:"modes"`
	Encoding   *string  `json:"encoding"`
	Alloc      bool     `json:"alloc"`
	Notes      string   `json:"notes,omitempty"`
	Defaults   bool     `json:"defaults,omitempty"`  // hash without params: the no-option call
	Unchecked  bool     `json:"unchecked,omitempty"` // "unchecked": true is honoured

	module string // Go module whose version is reported; "" for the standard library

	// Each is nil when the library does not offer that operation. They are called
	// once per request, outside the timed loop, and return the call that is timed.
	derive func(alg string, p params, length int) (deriveFunc, error)
	hash   func(alg string, p params, length int, salt []byte) (hashFunc, error)
	// hashDefaults is the call a user makes with no options (a hash request without params).
	hashDefaults func(alg string) (hashFunc, error)
	verify       func(alg string) (verifyFunc, error)
	digest       func(alg, mode string, input []byte) (digestOp, error)
}

type (
	deriveFunc func(password, salt []byte) ([]byte, error)
	hashFunc   func(password []byte) ([]byte, error)
	verifyFunc func(password, encoded []byte) (bool, error)
)

// digestOp is one digest call over a fixed input: run computes it into a buffer reused
// across calls and returns the first output byte (for the sink); out is the last output.
type digestOp struct {
	run func() byte
	out func() []byte
}

var allModes = []string{"oneshot", "new", "reset"}

var (
	implList []*Impl
	implByID = map[string]*Impl{}
)

func register(impl *Impl) {
	implList = append(implList, impl)
	implByID[impl.ID] = impl
}

// finishImpls fills in versions from the build information and the ops list.
// serveCatalog keeps the implementations the catalog lists for this runner, under the
// catalog's library names, backends and algorithms; the others are left out (on stderr).
func serveCatalog(served map[string]catalogImplFields) {
	var kept []*Impl
	for _, impl := range implList {
		row, ok := served[impl.ID]
		if !ok {
			fmt.Fprintf(os.Stderr, "hashbench-runner: %s is not in the catalog; left out\n", impl.ID)
			delete(implByID, impl.ID)
			continue
		}
		impl.Library, impl.Backend, impl.Algorithms = row.Library, row.Backend, row.Algorithms
		kept = append(kept, impl)
	}
	implList = kept
}

func finishImpls() {
	versions := map[string]string{}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Replace != nil {
				dep = dep.Replace
			}
			versions[dep.Path] = dep.Version
		}
	}
	for _, impl := range implList {
		impl.Version = runtime.Version()
		if impl.module != "" {
			impl.Version = versions[impl.module]
			if impl.Version == "" {
				impl.Version = "unknown"
			}
		}
		impl.Alloc = true
		impl.Ops = nil
		if impl.derive != nil {
			impl.Ops = append(impl.Ops, "derive")
		}
		if impl.hash != nil {
			impl.Ops = append(impl.Ops, "hash")
		}
		if impl.verify != nil {
			impl.Ops = append(impl.Ops, "verify")
		}
		if impl.digest != nil {
			impl.Ops = append(impl.Ops, "digest")
		}
		impl.Ops = append(impl.Ops, "bench")
		impl.Defaults = impl.hashDefaults != nil
		impl.Unchecked = impl.derive != nil || impl.hash != nil
		if impl.Modes == nil {
			impl.Modes = []string{}
		}
	}
}

func (impl *Impl) supports(alg string) bool {
	for _, a := range impl.Algorithms {
		if a == alg {
			return true
		}
	}
	return false
}

func (impl *Impl) hasMode(mode string) bool {
	for _, m := range impl.Modes {
		if m == mode {
			return true
		}
	}
	return false
}

// The ways of using a hasher per call that digest adapters share.

// newPerCall: a new hasher for every call, as in h := sha256.New(); h.Write(b); h.Sum(nil)
// (the sum goes into a buffer reused across calls).
func newPerCall(input []byte, size int, newHash func() hash.Hash) digestOp {
	out := make([]byte, 0, size)
	return digestOp{
		run: func() byte {
			h := newHash()
			h.Write(input)
			out = h.Sum(out[:0])
			return out[0]
		},
		out: func() []byte { return out },
	}
}

// resetPerCall: one hasher for all calls, Reset before each.
func resetPerCall(input []byte, h hash.Hash) digestOp {
	out := make([]byte, 0, h.Size())
	return digestOp{
		run: func() byte {
			h.Reset()
			h.Write(input)
			out = h.Sum(out[:0])
			return out[0]
		},
		out: func() []byte { return out },
	}
}

// sumPerCall: the op for a call that appends its digest to out (a buffer reused across
// calls), for a library whose New returns a concrete type: the adapter's sum makes and
// uses the hasher itself, so the compiler sees the type and keeps a hasher made per call
// on the stack (through newPerCall's hash.Hash it would be allocated on the heap).
func sumPerCall(size int, sum func(out []byte) []byte) digestOp {
	out := make([]byte, 0, size)
	return digestOp{
		run: func() byte {
			out = sum(out[:0])
			return out[0]
		},
		out: func() []byte { return out },
	}
}

func strPtr(s string) *string { return &s }
