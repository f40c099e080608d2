-- | criterion on the same call the runner's haskell/cryptonite-hash oneshot adapter makes:
-- Crypto.Hash.hashWith SHA256 over 16384 bytes (byte i = i mod 251), forced to WHNF.
-- Build and run (from the repository root; needs libghc-criterion-dev):
--   make -s -C runners/haskell native-bench
--   runners/haskell/build/native-bench --json /tmp/crit.json
module Main (main) where

import Criterion.Main (bench, defaultMain, whnf)
import qualified Crypto.Hash as H
import qualified Data.ByteString as BS

main :: IO ()
main = do
  let input = BS.pack (take 16384 (cycle [0 .. 250]))
  BS.length input `seq`
    defaultMain [bench "cryptonite sha256 16384 B oneshot" (whnf (H.hashWith H.SHA256) input)]
