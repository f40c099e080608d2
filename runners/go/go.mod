module hashbench/runners/go

go 1.26.0

require (
	github.com/zeebo/blake3 v0.2.4
	golang.org/x/crypto v0.58.0
	lukechampine.com/blake3 v1.4.1
)

require (
	github.com/klauspost/cpuid/v2 v2.0.12 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
