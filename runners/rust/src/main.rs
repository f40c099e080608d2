fn main() {
    std::process::exit(hashbench_runner::run());
}
