package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"unicode/utf8"
)

// Error kinds of docs/protocol.md.
const (
	kindProtocol    = "protocol"
	kindUnsupported = "unsupported"
	kindParams      = "invalid_params"
	kindInput       = "invalid_input"
	kindLibrary     = "library_error"
)

// replyError is a failure that becomes an error reply of the given kind.
type replyError struct {
	kind, message string
}

func (e *replyError) Error() string { return e.kind + ": " + e.message }

func errf(kind, format string, args ...any) error {
	return &replyError{kind: kind, message: fmt.Sprintf(format, args...)}
}

// asReplyError classifies any error: a replyError keeps its kind, anything else
// (an error returned by a library) is a library_error.
func asReplyError(err error) *replyError {
	var re *replyError
	if errors.As(err, &re) {
		return re
	}
	return &replyError{kind: kindLibrary, message: err.Error()}
}

// request is one parsed input line: its fields, still raw, checked when read.
type request struct {
	id     *int64
	cmd    string
	fields map[string]json.RawMessage
}

// parseRequest reads the envelope: a JSON object with an integer id and a string cmd.
// On failure the returned request may still carry the id, for the error reply.
func parseRequest(line []byte) (*request, error) {
	req := &request{}
	if !utf8.Valid(line) {
		return req, errf(kindProtocol, "line is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&req.fields); err != nil || req.fields == nil {
		return req, errf(kindProtocol, "line is not a JSON object")
	}
	if dec.More() {
		return req, errf(kindProtocol, "trailing data after the JSON object")
	}
	raw, ok := req.fields["id"]
	if !ok {
		return req, errf(kindProtocol, "request has no id")
	}
	id, err := rawInt(raw)
	if err != nil {
		return req, errf(kindProtocol, "id must be an integer")
	}
	req.id = &id
	if _, ok := req.fields["cmd"]; !ok {
		return req, errf(kindProtocol, "request has no cmd")
	}
	cmd, err := req.str("cmd", "")
	if err != nil {
		return req, err
	}
	req.cmd = cmd
	return req, nil
}

func rawInt(raw json.RawMessage) (int64, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return 0, err
	}
	num, ok := v.(json.Number)
	if !ok {
		return 0, errors.New("not a number")
	}
	if i, err := strconv.ParseInt(string(num), 10, 64); err == nil {
		return i, nil
	}
	f, err := strconv.ParseFloat(string(num), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, errors.New("not an integer")
	}
	return int64(f), nil
}

func (r *request) has(name string) bool {
	raw, ok := r.fields[name]
	return ok && string(raw) != "null"
}

// str reads a string field; def is returned when the field is absent or null.
func (r *request) str(name, def string) (string, error) {
	if !r.has(name) {
		return def, nil
	}
	var s string
	if err := json.Unmarshal(r.fields[name], &s); err != nil {
		return "", errf(kindProtocol, "field %s must be a string", name)
	}
	return s, nil
}

func (r *request) needStr(name string) (string, error) {
	if !r.has(name) {
		return "", errf(kindProtocol, "field %s is required", name)
	}
	return r.str(name, "")
}

// hexBytes reads a hex string field; nil when absent.
func (r *request) hexBytes(name string) ([]byte, error) {
	if !r.has(name) {
		return nil, nil
	}
	s, err := r.str(name, "")
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, errf(kindInput, "field %s is not hex: %v", name, err)
	}
	if b == nil {
		b = []byte{}
	}
	return b, nil
}

// boolean reads a boolean field; def when absent.
func (r *request) boolean(name string, def bool) (bool, error) {
	if !r.has(name) {
		return def, nil
	}
	var b bool
	if err := json.Unmarshal(r.fields[name], &b); err != nil {
		return false, errf(kindProtocol, "field %s must be a boolean", name)
	}
	return b, nil
}

// integer reads an integer field; def when absent.
func (r *request) integer(name string, def int64) (int64, error) {
	if !r.has(name) {
		return def, nil
	}
	v, err := rawInt(r.fields[name])
	if err != nil {
		return 0, errf(kindProtocol, "field %s must be an integer", name)
	}
	return v, nil
}

// paramObject reads "params": an object of integers.
func (r *request) paramObject() (map[string]int64, error) {
	out := map[string]int64{}
	if !r.has("params") {
		return out, nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(r.fields["params"], &raw); err != nil {
		return nil, errf(kindProtocol, "params must be an object")
	}
	for k, v := range raw {
		i, err := rawInt(v)
		if err != nil {
			return nil, errf(kindProtocol, "params.%s must be an integer", k)
		}
		out[k] = i
	}
	return out, nil
}

// reply is one output object; writeReply prints it as one line and flushes.
type reply map[string]any

func writeReply(id *int64, body reply) {
	if id == nil {
		body["id"] = nil
	} else {
		body["id"] = *id
	}
	writeLine(body)
}

// writeLine prints one JSON object as one line. One write per line on the unbuffered
// stdout: every line is flushed at once.
func writeLine(body reply) {
	line, err := json.Marshal(body)
	if err != nil {
		line, _ = json.Marshal(reply{"id": body["id"], "error": reply{
			"kind": kindLibrary, "message": "cannot encode reply: " + err.Error()}})
	}
	os.Stdout.Write(append(line, '\n'))
}

func writeError(id *int64, err error) {
	re := asReplyError(err)
	writeReply(id, reply{"error": reply{"kind": re.kind, "message": re.message}})
}
