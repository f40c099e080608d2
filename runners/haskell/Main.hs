{-# LANGUAGE CPP #-}

-- | hashbench Haskell runner: protocol v1 over stdin/stdout (docs/protocol.md).
-- The Hackage libraries are compiled in when the Makefile found their source
-- (HAVE_BCRYPT, HAVE_HASKELL_BCRYPT; see hackage.sh).
module Main (main) where

import qualified Hashbench.Adapter.Argon2 as Argon2
#ifdef HAVE_BCRYPT
import qualified Hashbench.Adapter.BCrypt as BCrypt
#endif
import qualified Hashbench.Adapter.Cryptonite as Cryptonite
#ifdef HAVE_HASKELL_BCRYPT
import qualified Hashbench.Adapter.HaskellBCrypt as HaskellBCrypt
#endif
#ifdef HAVE_CRYPTO_SODIUM
import qualified Hashbench.Adapter.CryptoSodium as CryptoSodium
import qualified Crypto.Sodium.Init
#endif
#ifdef HAVE_LIBSODIUM
import qualified Hashbench.Adapter.Libsodium as Libsodium
import qualified Libsodium
#endif
#ifdef HAVE_NACL
import qualified Hashbench.Adapter.NaCl as NaCl
#endif
#ifdef HAVE_SALTINE
import qualified Hashbench.Adapter.Saltine as Saltine
import qualified Crypto.Saltine
#endif
import Hashbench.Runner (run)
import Hashbench.Types (Adapter)

main :: IO ()
main = do
  initSodium
  run (Cryptonite.adapters <> [Argon2.adapter] <> hackage)

-- | Each libsodium binding's own initialisation, as its documentation asks before any
-- other call (sodium_init; a second call is a no-op).
initSodium :: IO ()
initSodium = do
#ifdef HAVE_LIBSODIUM
  _ <- Libsodium.sodium_init
#endif
#ifdef HAVE_SALTINE
  Crypto.Saltine.sodiumInit
#endif
#ifdef HAVE_CRYPTO_SODIUM
  _ <- Crypto.Sodium.Init.sodiumInit
#endif
  pure ()

hackage :: [Adapter]
hackage =
  []
#ifdef HAVE_BCRYPT
    <> [BCrypt.adapter]
#endif
#ifdef HAVE_HASKELL_BCRYPT
    <> [HaskellBCrypt.adapter]
#endif
#ifdef HAVE_SALTINE
    <> [Saltine.adapter]
#endif
#ifdef HAVE_LIBSODIUM
    <> [Libsodium.adapter]
#endif
#ifdef HAVE_NACL
    <> [NaCl.adapter]
#endif
#ifdef HAVE_CRYPTO_SODIUM
    <> [CryptoSodium.adapter]
#endif
