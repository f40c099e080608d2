//! `sha2` (RustCrypto): `Digest` trait calls, e.g. `Sha512::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

super::rustcrypto_digest::digest_adapter! {
    Sha2Crate {
        name: "sha2",
        krate: "sha2",
        notes: "SHA-NI intrinsics for SHA-256 when the CPU has them (cpufeatures); SHA-512 soft or AVX2",
        algorithms: {
            Sha256 => sha2::Sha256,
            Sha512 => sha2::Sha512,
        },
    }
}
