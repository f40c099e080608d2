// Command hashbench-runner is hashbench's Go runner: runner protocol v1 (docs/protocol.md)
// over stdin/stdout, one JSON object per line each way. Logs go to stderr only.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime"
)

func main() {
	served, err := loadCatalog()
	if err != nil {
		fmt.Fprintln(os.Stderr, "hashbench-runner:", err)
		os.Exit(1)
	}
	serveCatalog(served)
	finishImpls()
	writeLine(hello())
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	for {
		line, size, err := readLine(in)
		if size > maxLine {
			writeError(nil, errf(kindProtocol,
				"request line of %d bytes is over the limit of %d", size, maxLine))
		} else if len(line) > 0 {
			if quit := handleLine(trimEOL(line)); quit {
				os.Exit(0)
			}
		}
		if err == io.EOF {
			os.Exit(0)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "hashbench-runner: reading stdin:", err)
			os.Exit(0)
		}
	}
}

// maxLine is the longest request line read (docs/protocol.md, "Line length").
const maxLine = 16 << 20

// readLine returns the next line and its length. A line over maxLine is read through to
// its newline in buffer-sized pieces and not kept (nil, with its length).
func readLine(in *bufio.Reader) ([]byte, int, error) {
	var line []byte
	size := 0
	for {
		piece, err := in.ReadSlice('\n')
		size += len(piece)
		if size <= maxLine+1 {
			line = append(line, piece...)
		} else {
			line = nil
		}
		if err != bufio.ErrBufferFull {
			if len(line) > 0 && line[len(line)-1] == '\n' {
				size--
			}
			return line, size, err
		}
	}
}

func hello() reply {
	body := reply{
		"hello":   1,
		"runner":  "go",
		"runtime": fmt.Sprintf("%s gc %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH),
		"timer": reply{
			"clock":         "CLOCK_MONOTONIC (time.Now/time.Since monotonic reading, vDSO)",
			"resolution_ns": timerResolution(),
		},
		"implementations": implList,
	}
	return body
}

func trimEOL(line []byte) []byte {
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	return line
}

// handleLine answers one request line; it never panics out. It returns true on quit.
func handleLine(line []byte) (quit bool) {
	req, err := parseRequest(line)
	if err != nil {
		writeError(req.id, err)
		return false
	}
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(os.Stderr, "hashbench-runner: panic in %s (recovered): %v\n", req.cmd, p)
			writeError(req.id, errf(kindLibrary, "panic: %v", p))
		}
	}()
	if req.cmd == "quit" {
		writeReply(req.id, reply{"ok": true})
		return true
	}
	body, err := dispatch(req)
	if err != nil {
		writeError(req.id, err)
	} else {
		writeReply(req.id, body)
	}
	return false
}

func dispatch(req *request) (reply, error) {
	switch req.cmd {
	case "derive", "hash", "verify", "digest":
		op, err := prepare(req, req.cmd, false)
		if err != nil {
			return nil, err
		}
		op.run()
		if err := op.err(); err != nil {
			return nil, err
		}
		return op.result(), nil
	case "bench":
		return bench(req)
	default:
		return nil, errf(kindUnsupported, "unknown cmd %q", req.cmd)
	}
}

// prepared is one operation ready to be called: run performs it once and returns a
// byte for the sink; err is the last call's error; result the last call's reply fields.
type prepared struct {
	run    func() byte
	err    func() error
	result func() reply
}

// prepare checks a request for op and builds the call. Everything that can be done
// once (parsing, validation, decoding, making the encoded string for verify) is done here.
func prepare(req *request, op string, benching bool) (*prepared, error) {
	if op == "noop" {
		return &prepared{
			run:    func() byte { return 1 },
			err:    func() error { return nil },
			result: func() reply { return reply{} },
		}, nil
	}
	switch op {
	case "derive", "hash", "verify", "hash_verify", "digest":
	default:
		return nil, errf(kindUnsupported, "unknown op %q", op)
	}
	id, err := req.needStr("impl")
	if err != nil {
		return nil, err
	}
	alg, err := req.needStr("alg")
	if err != nil {
		return nil, err
	}
	impl, ok := implByID[id]
	if !ok {
		return nil, errf(kindUnsupported, "unknown implementation %q", id)
	}
	spec, ok := catalog[alg]
	if !ok {
		return nil, errf(kindUnsupported, "unknown algorithm %q", alg)
	}
	if !impl.supports(alg) {
		return nil, errf(kindUnsupported, "%s does not offer %s", id, alg)
	}
	if (spec.kind == "digest") != (op == "digest") {
		return nil, errf(kindUnsupported, "op %s does not apply to %s", op, alg)
	}
	mode, err := req.str("mode", "oneshot")
	if err != nil {
		return nil, err
	}
	if !benching {
		mode = "oneshot"
	}
	if op == "digest" {
		return prepareDigest(req, impl, alg, mode, benching)
	}
	if mode != "oneshot" {
		return nil, errf(kindUnsupported, "mode %s applies to digests only", mode)
	}
	password, err := req.hexBytes("password")
	if err != nil {
		return nil, err
	}
	if password == nil {
		password = []byte{}
	}
	var opErr error
	errOf := func() error { return opErr }
	switch op {
	case "derive":
		if impl.derive == nil {
			return nil, errf(kindUnsupported, "%s does not offer derive", id)
		}
		salt, err := req.hexBytes("salt")
		if err != nil {
			return nil, err
		}
		if salt == nil {
			return nil, errf(kindProtocol, "derive needs a salt")
		}
		p, length, err := passwordParams(req, alg, op, salt)
		if err != nil {
			return nil, err
		}
		if req.has("secret") || req.has("ad") {
			return nil, errf(kindUnsupported, "%s takes no secret or associated data", id)
		}
		derive, err := impl.derive(alg, p, int(length))
		if err != nil {
			return nil, err
		}
		var out []byte
		return &prepared{
			run: func() byte {
				out, opErr = derive(password, salt)
				if opErr != nil || len(out) == 0 {
					return 0
				}
				return out[0]
			},
			err:    errOf,
			result: func() reply { return reply{"output": hex.EncodeToString(out)} },
		}, nil
	case "hash":
		hash, err := makeHasher(req, impl, alg)
		if err != nil {
			return nil, err
		}
		var enc []byte
		return &prepared{
			run: func() byte {
				enc, opErr = hash(password)
				if opErr != nil || len(enc) == 0 {
					return 0
				}
				return enc[len(enc)-1]
			},
			err:    errOf,
			result: func() reply { return reply{"encoded": string(enc)} },
		}, nil
	case "verify":
		if impl.verify == nil {
			return nil, errf(kindUnsupported, "%s does not offer verify", id)
		}
		verify, err := impl.verify(alg)
		if err != nil {
			return nil, err
		}
		var encoded []byte
		if req.has("encoded") || !benching {
			s, err := req.needStr("encoded")
			if err != nil {
				return nil, err
			}
			encoded = []byte(s)
		} else {
			// bench without encoded: make one with the library's own hash (untimed).
			hash, err := makeHasher(req, impl, alg)
			if err != nil {
				return nil, err
			}
			if encoded, err = hash(password); err != nil {
				return nil, err
			}
		}
		var valid bool
		return &prepared{
			run: func() byte {
				valid, opErr = verify(password, encoded)
				if valid {
					return 1
				}
				return 0
			},
			err:    errOf,
			result: func() reply { return reply{"valid": valid} },
		}, nil
	default: // hash_verify: hash, then verify the result, as one op
		if impl.verify == nil {
			return nil, errf(kindUnsupported, "%s does not offer verify", id)
		}
		hash, err := makeHasher(req, impl, alg)
		if err != nil {
			return nil, err
		}
		verify, err := impl.verify(alg)
		if err != nil {
			return nil, err
		}
		var enc []byte
		var valid bool
		return &prepared{
			run: func() byte {
				if enc, opErr = hash(password); opErr != nil {
					return 0
				}
				valid, opErr = verify(password, enc)
				if valid {
					return 1
				}
				return 0
			},
			err:    errOf,
			result: func() reply { return reply{"encoded": string(enc), "valid": valid} },
		}, nil
	}
}

func makeHasher(req *request, impl *Impl, alg string) (hashFunc, error) {
	if impl.hash == nil {
		return nil, errf(kindUnsupported, "%s does not offer hash", impl.ID)
	}
	salt, err := req.hexBytes("salt")
	if err != nil {
		return nil, err
	}
	if !req.has("params") {
		// Library defaults: the call a user makes with no options (docs/protocol.md).
		if impl.hashDefaults == nil {
			return nil, errf(kindUnsupported, "%s has no call without parameters", impl.ID)
		}
		if salt != nil {
			return nil, errf(kindUnsupported, "%s: the no-option call takes no salt", impl.ID)
		}
		return impl.hashDefaults(alg)
	}
	p, length, err := passwordParams(req, alg, "hash", salt)
	if err != nil {
		return nil, err
	}
	return impl.hash(alg, p, int(length), salt)
}

func passwordParams(req *request, alg, op string, salt []byte) (params, int64, error) {
	given, err := req.paramObject()
	if err != nil {
		return nil, 0, err
	}
	length, err := req.integer("length", defaultLength(alg, op))
	if err != nil {
		return nil, 0, err
	}
	unchecked, err := req.boolean("unchecked", false)
	if err != nil {
		return nil, 0, err
	}
	var p params
	if unchecked {
		// Unchecked parameters: no range checks here, the library sees the values as
		// given (the adapters still refuse values that do not fit the library's types).
		p, err = withDefaults(alg, given)
		if err == nil && length > maxUncheckedLength {
			err = errf(kindParams, "length=%d over the runner's %d-byte limit (a failed "+
				"allocation would be fatal in Go)", length, maxUncheckedLength)
		}
	} else {
		p, err = validate(alg, given, length, salt)
	}
	if err != nil {
		return nil, 0, err
	}
	if err := checkMemory(alg, p); err != nil {
		return nil, 0, err
	}
	return p, length, nil
}

const (
	maxInputSize       = 1 << 30
	maxUncheckedLength = 1 << 24
)

func prepareDigest(req *request, impl *Impl, alg, mode string, benching bool) (*prepared, error) {
	if impl.digest == nil {
		return nil, errf(kindUnsupported, "%s does not offer digest", impl.ID)
	}
	if !impl.hasMode(mode) {
		return nil, errf(kindUnsupported, "%s has no %s mode", impl.ID, mode)
	}
	input, err := req.hexBytes("input")
	if err != nil {
		return nil, err
	}
	if input == nil {
		if !req.has("input_size") {
			return nil, errf(kindProtocol, "digest needs input (hex) or input_size")
		}
		size, err := req.integer("input_size", 0)
		if err != nil {
			return nil, err
		}
		if size < 0 || size > maxInputSize {
			return nil, errf(kindParams, "input_size=%d outside 0..%d", size, maxInputSize)
		}
		input = make([]byte, size)
		for i := range input {
			input[i] = byte(i % 251)
		}
	}
	d, err := impl.digest(alg, mode, input)
	if err != nil {
		return nil, err
	}
	return &prepared{
		run:    d.run,
		err:    func() error { return nil },
		result: func() reply { return reply{"output": hex.EncodeToString(d.out())} },
	}, nil
}

const maxSamples = 1 << 20

func bench(req *request) (reply, error) {
	op, err := req.needStr("op")
	if err != nil {
		return nil, err
	}
	iters, err := req.integer("iters", 1)
	if err != nil {
		return nil, err
	}
	samples, err := req.integer("samples", 1)
	if err != nil {
		return nil, err
	}
	if iters < 1 || iters > 1<<40 || samples < 1 || samples > maxSamples {
		return nil, errf(kindParams, "iters=%d, samples=%d: both must be >= 1 (samples <= %d)",
			iters, samples, maxSamples)
	}
	warm, err := req.boolean("warm", true)
	if err != nil {
		return nil, err
	}
	alloc, err := req.boolean("alloc", true)
	if err != nil {
		return nil, err
	}
	p, err := prepare(req, op, true)
	if err != nil {
		return nil, err
	}
	if warm {
		p.run() // once untimed: a failing op fails the request here
		if err := p.err(); err != nil {
			return nil, err
		}
	}
	runtime.GC() // start every request from a collected heap, as go test -bench does
	samplesNs := make([]int64, samples)
	sink := timeSamples(p.run, int(iters), samplesNs)
	if err := p.err(); err != nil {
		return nil, err
	}
	body := p.result()
	body["samples_ns"] = samplesNs
	body["iters"] = iters
	body["check"] = hex.EncodeToString([]byte{sink})
	if alloc {
		body["alloc_bytes_per_op"] = allocPerCall(p.run, int(min(iters, 1000)))
	}
	body["peak_rss_bytes"] = peakRSS()
	return body, nil
}
