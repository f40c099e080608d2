{-# LANGUAGE OverloadedStrings #-}

-- | The @argon2@ package (Crypto.Argon2): bindings to the reference C library (Debian
-- links the system libargon2, whose lanes run on threads). 'A.hash' gives raw output,
-- 'A.hashEncoded' a PHC string, 'A.verifyEncoded' checks one. The package takes the salt
-- from the caller; without one the adapter draws 16 bytes with cryptonite's
-- getRandomBytes, as a user of this package must.
module Hashbench.Adapter.Argon2 (adapter) where

import qualified Crypto.Argon2 as A
import Crypto.Random (getRandomBytes)
import Data.ByteString (ByteString)
import qualified Data.Map.Strict as M
import Data.Text (Text)
import qualified Data.Text as T
import qualified Data.Text.Short as TS

import Hashbench.Reply (bytesOp)
import Hashbench.Types

impl :: Text
impl = "haskell/argon2"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "1.3.0.1"
          , infoOps = ["derive", "hash", "verify", "bench"]
          , infoModes = []
          , infoEncoding = Just "phc"
          , infoNotes = "system libargon2; no secret/ad; caller-supplied salt (random 16 bytes when none given)"
          }
    , adapterDerive = derive
    , adapterHash = hash
    , adapterDefaults = Just defaults
    , adapterVerify = verify
    , adapterDigest = noDigest impl
    }

options :: Text -> Params -> Int -> IO A.HashOptions
options alg p len = do
  variant <- case alg of
    "argon2id" -> pure A.Argon2id
    "argon2i" -> pure A.Argon2i
    "argon2d" -> pure A.Argon2d
    _ -> unsupported (impl <> " has no " <> alg)
  pure
    A.HashOptions
      { A.hashIterations = fromIntegral (p M.! "t")
      , A.hashMemory = fromIntegral (p M.! "m")
      , A.hashParallelism = fromIntegral (p M.! "p")
      , A.hashVariant = variant
      , A.hashVersion = if p M.! "version" == 16 then A.Argon2Version10 else A.Argon2Version13
      , A.hashLength = fromIntegral len
      }

status :: A.Argon2Status -> RunnerError
status s = RunnerError InvalidParams (T.pack (show s))

derive :: Text -> Params -> ByteString -> ByteString -> Int -> IO Op
derive alg p password salt len = do
  opts <- options alg p len
  pure (bytesOp (Pure (\(pw, s) -> either (Left . status) Right (A.hash opts pw s)) (password, salt)))

encoded :: Either A.Argon2Status TS.ShortText -> Either RunnerError ByteString
encoded = either (Left . status) (Right . TS.toByteString)

hash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
hash alg p password salt len = do
  opts <- options alg p len
  pure $ case salt of
    Just s -> Pure (\(pw, s') -> encoded (A.hashEncoded opts pw s')) (password, s)
    Nothing -> Effect $ do
      s <- getRandomBytes 16
      pure (encoded (A.hashEncoded opts password s))

-- | 'A.defaultHashOptions' with the requested variant (its own default is argon2i).
defaults :: Text -> ByteString -> IO (Run (Either RunnerError ByteString))
defaults alg password = do
  variant <- A.hashVariant <$> options alg (M.fromList [("t", 1), ("m", 8), ("p", 1), ("version", 19)]) 32
  let opts = A.defaultHashOptions {A.hashVariant = variant}
  pure . Effect $ do
    s <- getRandomBytes 16
    pure (encoded (A.hashEncoded opts password s))

verify :: Text -> IO Verifier
verify alg =
  if alg `elem` ["argon2id", "argon2i", "argon2d"]
    then pure check
    else unsupported (impl <> " has no " <> alg)
  where
    check password enc = case TS.fromByteString enc of
      Nothing -> Left (RunnerError InvalidInput "encoded string is not UTF-8")
      Just text -> case A.verifyEncoded text password of
        A.Argon2Ok -> Right True
        A.Argon2VerifyMismatch -> Right False
        other -> Left (RunnerError InvalidInput (T.pack (show other)))
