//! `sha3` (RustCrypto): `Digest` trait calls, e.g. `Sha3_256::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

super::rustcrypto_digest::digest_adapter! {
    Sha3Crate {
        name: "sha3",
        krate: "sha3",
        notes: "Keccak in pure Rust",
        algorithms: {
            Sha3_256 => sha3::Sha3_256,
        },
    }
}
