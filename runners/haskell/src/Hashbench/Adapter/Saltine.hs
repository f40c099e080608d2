{-# LANGUAGE OverloadedStrings #-}

-- | saltine 0.2.2.0 (Crypto.Saltine): a binding to the system libsodium with its own
-- high-level API, as its documentation shows. "Crypto.Saltine.Core.Password": 'pwhash'
-- (raw output, a 'Policy' of opslimit, memlimit and algorithm — of which the public API
-- names only 'defaultAlgorithm', argon2id), 'pwhashStr' (libsodium's
-- crypto_pwhash_str: argon2id strings, its own salt, a 32-byte tag) and 'pwhashStrVerify';
-- "Crypto.Saltine.Core.Hash": 'hash' (crypto_hash, SHA-512), 'sha256' and 'generichash'
-- (BLAKE2b; an empty key is unkeyed). Passwords are 'Text', which saltine encodes as UTF-8:
-- a password that is not UTF-8 cannot be given (invalid_input). A stored string becomes a
-- 'PasswordHash' only through the constructor "Crypto.Saltine.Internal.Password" exports.
module Hashbench.Adapter.Saltine (adapter) where

import qualified Crypto.Saltine.Class as C
import qualified Crypto.Saltine.Core.Hash as H
import qualified Crypto.Saltine.Core.Password as P
import Crypto.Saltine.Internal.Password (PasswordHash (..))
import Data.ByteString (ByteString)
import Data.Maybe (fromJust, isJust)
import Data.Text (Text)
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE

import Hashbench.Adapter.SodiumLimits
import Hashbench.Reply (bytesOp)
import Hashbench.Types

impl :: Text
impl = "haskell/saltine"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "0.2.2.0 (system libsodium)"
          , infoOps = ["derive", "hash", "verify", "digest", "bench"]
          , infoModes = ["oneshot"]
          , infoEncoding = Just "phc"
          , infoNotes = "libsodium through saltine: argon2id (defaultAlgorithm; argon2i strings verify) with p=1, v=19, 16-byte salt, tag >= 16; pwhashStr makes argon2id strings only (own salt, 32-byte tag); passwords are Text (UTF-8 only); digests one-shot"
          }
    , adapterDerive = derive
    , adapterHash = hash
    , adapterDefaults = Just defaults
    , adapterVerify = verify
    , adapterDigest = digest
    }

-- | The password as saltine takes it: Text, from UTF-8.
password :: ByteString -> IO Text
password pw = either (const (invalidInput "saltine takes passwords as Text: this one is not UTF-8")) pure (TE.decodeUtf8' pw)

-- | The one algorithm saltine's public API names: 'P.defaultAlgorithm', libsodium's
-- crypto_pwhash_ALG_DEFAULT (Argon2id 1.3); the constructors of 'P.Algorithm' are exported
-- only by "Crypto.Saltine.Internal.Password". An argon2i string still verifies.
policy :: Text -> Params -> IO P.Policy
policy alg p = do
  (ops, mem) <- argon2Limits impl alg p
  let a = P.defaultAlgorithm
  if alg /= "argon2id" then unsupported "saltine's Core.Password offers defaultAlgorithm (argon2id) only" else pure ()
  case (P.opslimit a ops, P.memlimit a mem) of
    (Just o, Just m) -> pure (P.Policy o m a)
    _ -> invalidParams ("saltine refused opslimit " <> tshow ops <> " or memlimit " <> tshow mem <> " for " <> alg)

derive :: Text -> Params -> ByteString -> ByteString -> Int -> IO Op
derive alg p pw salt len = do
  pol <- policy alg p
  argon2Salt salt
  argon2Length len
  text <- password pw
  let s = fromJust (C.decode salt) :: P.Salt
      refused = RunnerError InvalidParams "libsodium refused the parameters (pwhash gave Nothing)"
  pure (bytesOp (Pure (\(t, s') -> maybe (Left refused) Right (P.pwhash t len s' pol)) (text, s)))

str :: P.Policy -> Text -> IO (Either RunnerError ByteString)
str pol text = maybe (Left (RunnerError InvalidParams "libsodium refused the parameters (pwhashStr gave Nothing)")) (Right . TE.encodeUtf8 . unPasswordHash) <$> P.pwhashStr text pol

hash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
hash alg p pw salt len = do
  pol <- policy alg p
  case () of
    _
      | alg /= "argon2id" -> unsupported "pwhashStr makes argon2id strings only (crypto_pwhash_str)"
      | isJust salt -> unsupported "pwhashStr makes its own salt"
      | len /= 32 -> unsupported "pwhashStr makes a 32-byte tag only"
      | otherwise -> Effect . str pol <$> password pw

-- | pwhashStr with saltine's interactivePolicy, the one its documentation names first.
defaults :: Text -> ByteString -> IO (Run (Either RunnerError ByteString))
defaults alg pw
  | alg /= "argon2id" = unsupported "pwhashStr makes argon2id strings only"
  | otherwise = Effect . str P.interactivePolicy <$> password pw

verify :: Text -> IO Verifier
verify alg
  | alg `notElem` ["argon2id", "argon2i"] = unsupported (impl <> " has no " <> alg)
  | otherwise = pure check
  where
    check pw enc = version19 enc >> case (TE.decodeUtf8' pw, TE.decodeUtf8' enc) of
      (Right text, Right stored) -> Right (P.pwhashStrVerify (PasswordHash stored) text)
      (Left _, _) -> Left (RunnerError InvalidInput "saltine takes passwords as Text: this one is not UTF-8")
      (_, Left _) -> Left (RunnerError InvalidInput "the stored string is not UTF-8")

digest :: Text -> Text -> ByteString -> IO Op
digest alg "oneshot" input = case alg of
  "sha512" -> pure (bytesOp (Pure (Right . H.hash) input))
  "sha256" -> pure (bytesOp (Pure (Right . H.sha256) input))
  "blake2b-512" -> do
    key <- maybe (unsupported "newGenerichashKey 0 failed") pure =<< H.newGenerichashKey 0
    let outLen = fromJust (H.generichashOutLen 64)
    pure (bytesOp (Pure (\m -> Right (H.generichash key m outLen)) input))
  _ -> unsupported (impl <> " digest has no " <> alg)
digest _ mode _ = unsupported (impl <> " has no " <> mode <> " mode (saltine hashes in one call)")

tshow :: Show a => a -> Text
tshow = T.pack . show
