//! `md-5` (RustCrypto): `Digest` trait calls, e.g. `Md5::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

super::rustcrypto_digest::digest_adapter! {
    Md5Crate {
        name: "md-5",
        krate: "md-5",
        notes: "pure Rust (no asm feature in 0.11)",
        algorithms: {
            Md5 => md5::Md5,
        },
    }
}
