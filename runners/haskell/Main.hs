-- | hashbench Haskell runner: protocol v1 over stdin/stdout (docs/protocol.md).
module Main (main) where

import qualified Hashbench.Adapter.Argon2 as Argon2
import qualified Hashbench.Adapter.Cryptonite as Cryptonite
import Hashbench.Runner (run)

main :: IO ()
main = run (Cryptonite.adapters <> [Argon2.adapter])
