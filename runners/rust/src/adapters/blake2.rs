//! `blake2` (RustCrypto): `Digest` trait calls, e.g. `Blake2s256::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

super::rustcrypto_digest::digest_adapter! {
    Blake2Crate {
        name: "blake2",
        krate: "blake2",
        notes: "built with its `reset` feature (needed for finalize_reset; off by default)",
        algorithms: {
            Blake2b512 => blake2::Blake2b512,
            Blake2s256 => blake2::Blake2s256,
        },
    }
}
