{-# LANGUAGE OverloadedStrings #-}

-- | libsodium's crypto_pwhash as its Haskell bindings meet it: opslimit and memlimit
-- instead of t, m and p. For Argon2 opslimit is t and memlimit is m KiB in bytes, with one
-- lane and version 19 only, a 16-byte salt and a tag of at least 16 bytes; what the
-- catalog allows beyond that is @unsupported@ before the library is called.
module Hashbench.Adapter.SodiumLimits
  ( argon2Limits
  , argon2Salt
  , argon2Length
  , scryptStrLimits
  , version19
  ) where

import Data.ByteString (ByteString)
import qualified Data.ByteString as BS
import qualified Data.ByteString.Char8 as BC
import qualified Data.Map.Strict as M
import Data.Text (Text)
import qualified Data.Text as T

import Hashbench.Types

-- | (opslimit, memlimit in bytes) for argon2id and argon2i.
argon2Limits :: Text -> Text -> Params -> IO (Int, Int)
argon2Limits impl alg p
  | alg `notElem` ["argon2id", "argon2i"] = unsupported (impl <> " has no " <> alg)
  | p M.! "p" /= 1 = unsupported ("libsodium's " <> alg <> " uses one lane only (p=" <> tshow (p M.! "p") <> " asked)")
  | p M.! "version" /= 19 = unsupported ("libsodium's " <> alg <> " is version 19 only")
  | otherwise = pure (p M.! "t", p M.! "m" * 1024)

-- | crypto_pwhash takes exactly crypto_pwhash_SALTBYTES (16) of salt.
argon2Salt :: ByteString -> IO ()
argon2Salt salt =
  if BS.length salt == 16
    then pure ()
    else unsupported ("libsodium's pwhash takes a 16-byte salt only, not " <> tshow (BS.length salt))

-- | crypto_pwhash makes at least crypto_pwhash_BYTES_MIN (16) bytes.
argon2Length :: Int -> IO ()
argon2Length len =
  if len >= 16 then pure () else unsupported ("libsodium's pwhash makes at least 16 bytes, not " <> tshow len)

-- | The opslimit and memlimit for which libsodium's scrypt string function picks exactly
-- N, r = 8, p = 1 (its pickparams: N = opslimit / 32 when memlimit > 32 * opslimit, and
-- opslimit at least 32768, so N >= 1024); other N, r, p cannot be asked for.
scryptStrLimits :: Params -> IO (Int, Int)
scryptStrLimits p
  | r /= 8 || q /= 1 || n < 1024 =
      unsupported ("libsodium's scrypt string picks N, r, p itself: only r=8, p=1, N>=1024 (n=" <> tshow n <> ", r=" <> tshow r <> ", p=" <> tshow q <> ")")
  | otherwise = pure (32 * n, 2048 * n)
  where
    n = p M.! "n"
    r = p M.! "r"
    q = p M.! "p"

tshow :: Show a => a -> Text
tshow = T.pack . show

-- | libsodium reads argon2 strings of version 19 only and answers -1 to the others, as
-- to a wrong password: such a string is @unsupported@, not @valid: false@ (as the C,
-- Python and Ruby adapters over libsodium say too).
version19 :: ByteString -> Either RunnerError ()
version19 enc
  | BC.pack "$argon2" `BS.isPrefixOf` enc && not (BC.pack "$v=19$" `BS.isInfixOf` enc) =
      Left (RunnerError Unsupported "libsodium verifies argon2 version 19 strings only")
  | otherwise = Right ()
