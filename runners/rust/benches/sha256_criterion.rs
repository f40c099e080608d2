//! Criterion's measurement of one hashbench case, to compare with the runner's own loop:
//! sha2 `Sha256::digest` of a 16 KiB input (byte i = i mod 251), the `rust/sha2` digest
//! bench in `oneshot` mode. Run from runners/rust:
//!
//!     cargo bench --locked --bench sha256_criterion
//!
//! and compare criterion's median with the median of the runner's samples_ns / iters for
//! {"cmd":"bench","impl":"rust/sha2","op":"digest","alg":"sha256","input_size":16384,
//!  "mode":"oneshot",…} (docs/runners/rust.md).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sha2::{Digest, Sha256};

fn sha256_16k_oneshot(c: &mut Criterion) {
    let input: Vec<u8> = (0..16384u32).map(|i| (i % 251) as u8).collect();
    let mut group = c.benchmark_group("sha2");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("sha256/16384/oneshot", |b| {
        b.iter(|| Sha256::digest(black_box(&input)))
    });
    group.finish();
}

criterion_group!(benches, sha256_16k_oneshot);
criterion_main!(benches);
