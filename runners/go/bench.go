package main

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// timeSamples is the timed loop: per sample, read the monotonic clock, call run iters
// times (runIters), read the clock. Nothing else happens between the two reads.
func timeSamples(run func() byte, iters int, samplesNs []int64) byte {
	var sink byte
	for k := range samplesNs {
		start := time.Now()
		sink ^= runIters(run, iters)
		samplesNs[k] = time.Since(start).Nanoseconds()
	}
	return sink
}

// runIters calls run n times and returns the XOR of the bytes it returns (the sink).
// Every op, noop included, is the same indirect call. The loop is unrolled by four: Go's
// calling convention keeps no register across a call, so the loop's own state goes
// through the stack, and four calls per round trip halve the loop's cost (measured:
// noop ~2.1 ns per call rolled, ~1.5 ns unrolled, on a 2.6 GHz EPYC).
//
//go:noinline
func runIters(run func() byte, n int) (sink byte) {
	i := n
	for ; i >= 4; i -= 4 {
		a := run()
		b := run()
		c := run()
		d := run()
		sink ^= a ^ b ^ c ^ d
	}
	for ; i > 0; i-- {
		sink ^= run()
	}
	return sink
}

// allocPerCall is the heap bytes one call allocates: the runtime's TotalAlloc counter
// around a separate, untimed pass of n calls, divided by n. TotalAlloc counts every heap
// allocation in the process, including the library's own goroutines' and, now and then,
// a few KiB from the runtime itself; so when a pass is quick (under 50 ms) a second pass
// is made and the smaller count kept.
func allocPerCall(run func() byte, n int) float64 {
	pass := func() (uint64, time.Duration) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		runIters(run, n)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc, took
	}
	bytes, took := pass()
	if bytes > 0 && took < 50*time.Millisecond {
		again, _ := pass()
		bytes = min(bytes, again)
	}
	return float64(bytes) / float64(n)
}

// peakRSS is the process's peak resident set size in bytes (ru_maxrss is in KiB on Linux).
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}

// timerResolution is clock_getres(CLOCK_MONOTONIC), the clock behind Go's monotonic
// time readings on Linux (read through the vDSO by the runtime).
func timerResolution() int64 {
	const clockMonotonic = 1
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETRES, clockMonotonic,
		uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 || ts.Nano() <= 0 {
		return 1
	}
	return ts.Nano()
}

// memAvailable is MemAvailable from /proc/meminfo in bytes (0 if unknown).
func memAvailable() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return 0
}

// checkMemory refuses memory-hard parameters that would not fit in the machine's
// available memory: a failed allocation is a fatal error in Go, not a recoverable panic.
func checkMemory(alg string, p params) error {
	var need float64 // bytes; float64 so that unchecked values cannot overflow
	switch alg {
	case "scrypt":
		if p["n"] <= 0 || p["r"] <= 0 || p["p"] <= 0 {
			return nil // the library refuses these itself
		}
		need = 128 * float64(p["r"]) * (float64(p["n"]) + float64(p["p"]))
	case "argon2id", "argon2i", "argon2d":
		need = 1024 * float64(p["m"])
	default:
		return nil
	}
	if avail := memAvailable(); avail > 0 && need > float64(avail)*0.9 {
		return errf(kindParams, "%s needs %.0f MiB, more than the %d MiB available here",
			alg, need/(1<<20), avail>>20)
	}
	return nil
}
