{-# LANGUAGE OverloadedStrings #-}

-- | Hackage @haskell-bcrypt@ 0.3.2 (Data.Digest.BCrypt): a binding to OpenBSD's
-- bcrypt.c of 2007 (its @cbits/@, compiled in). 'genSalt' takes a cost and 16 bytes
-- the caller draws (its README: "genSalt needs a random 16 byte string as a seed"; the
-- adapter uses cryptonite's getRandomBytes); 'bcrypt' hashes. It knows only @$2a$@
-- (and the old @$2$@): for another prefix the C code returns NULL and 'bcrypt' an empty
-- string. Verifying is re-hashing with the stored string as the salt ('packBSalt') and
-- comparing, as its tests do.
module Hashbench.Adapter.HaskellBCrypt (adapter) where

import Crypto.Random (getRandomBytes)
import Data.ByteString (ByteString)
import qualified Data.ByteString as BS
import qualified Data.ByteString.Char8 as BC
import Data.Digest.BCrypt (bcrypt, genSalt, packBSalt)
import qualified Data.Map.Strict as M
import Data.Text (Text)
import qualified Data.Text.Encoding as TE

import Hashbench.Types

impl :: Text
impl = "haskell/haskell-bcrypt"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "0.3.2"
          , infoOps = ["hash", "verify", "bench"]
          , infoModes = []
          , infoEncoding = Just "mcf"
          , infoNotes =
              "OpenBSD bcrypt.c (2007); emits and reads $2a$ only; caller-supplied 16-byte seed; "
                <> "passwords of 255 bytes or more: the key length wraps (kept in 8 bits); "
                <> "cost clamped to 4..31"
          }
    , adapterDerive = noDerive impl
    , adapterHash = hash
    , adapterDefaults = Nothing
    , adapterVerify = verify
    , adapterDigest = noDigest impl
    }

hashWith :: Int -> ByteString -> ByteString -> Either RunnerError ByteString
hashWith cost password seed = case genSalt (fromIntegral cost) seed of
  Nothing -> Left (RunnerError InvalidParams "genSalt refused the seed")
  Just salt -> case bcrypt password salt of
    out | BS.null out -> Left (RunnerError InvalidParams "bcrypt refused the salt")
    out -> Right out

-- The timed call keeps its strict tuple match (uncurry would make it lazier).
{- HLINT ignore hash "Use uncurry" -}
hash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
hash _ p password salt _ = do
  let cost = p M.! "cost"
  pure $ case salt of
    Just s -> Pure (\(pw, s') -> hashWith cost pw s') (password, s)
    Nothing -> Effect (hashWith cost password <$> getRandomBytes 16)

verify :: Text -> IO Verifier
verify _ = pure check
  where
    check password encoded = case packBSalt encoded of
      Nothing -> Left (RunnerError InvalidInput "packBSalt refused the string")
      Just salt -> case bcrypt password salt of
        out
          | not (BS.null out) -> Right (out == encoded)
          | prefix `notElem` ["$2$", "$2a$"] ->
              Left (RunnerError Unsupported ("haskell-bcrypt reads $2a$ only, not " <> TE.decodeLatin1 prefix))
          | otherwise -> Left (RunnerError InvalidInput "bcrypt returned nothing for this string")
      where
        prefix = BC.takeWhile (/= '$') (BS.drop 1 encoded) `wrap` "$"
        wrap x d = d <> x <> d
