//! The `rust-parallel` runner: built with `--features parallel`, which turns on the
//! `parallel` feature of RustCrypto argon2 and scrypt.

fn main() {
    std::process::exit(hashbench_runner::run());
}
