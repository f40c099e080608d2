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
import Hashbench.Runner (run)
import Hashbench.Types (Adapter)

main :: IO ()
main = run (Cryptonite.adapters <> [Argon2.adapter] <> hackage)

hackage :: [Adapter]
hackage =
  []
#ifdef HAVE_BCRYPT
    <> [BCrypt.adapter]
#endif
#ifdef HAVE_HASKELL_BCRYPT
    <> [HaskellBCrypt.adapter]
#endif
