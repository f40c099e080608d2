//! `sha1` (RustCrypto): `Digest` trait calls, e.g. `Sha1::digest(data)`; see
//! rustcrypto_digest.rs for the three bench modes.

super::rustcrypto_digest::digest_adapter! {
    Sha1Crate {
        name: "sha1",
        krate: "sha1",
        notes: "SHA-NI intrinsics when the CPU has them (cpufeatures), else soft",
        algorithms: {
            Sha1 => sha1::Sha1,
        },
    }
}
