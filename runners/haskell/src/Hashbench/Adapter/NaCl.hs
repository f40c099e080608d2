{-# LANGUAGE OverloadedStrings #-}

-- | Hackage @NaCl@ 0.0.5.0 (Serokell's high-level API over Hackage @libsodium@): the
-- classic NaCl primitives only — box, secretbox, sign, auth, stream, scalarmult and
-- hash. It has no password hashing (its README points to crypto-sodium for that); what
-- hashbench can measure of it is "NaCl.Hash": 'Hash.sha256' and 'Hash.sha512'
-- (crypto_hash_sha256 / _sha512), one-shot, into a 'SizedByteArray' of any 'ByteArray'.
module Hashbench.Adapter.NaCl (adapter) where

import Data.ByteArray.Sized (unSizedByteArray)
import Data.ByteString (ByteString)
import Data.Text (Text)
import qualified NaCl.Hash as Hash

import Hashbench.Reply (bytesOp)
import Hashbench.Types

impl :: Text
impl = "haskell/nacl"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "0.0.5.0 (system libsodium)"
          , infoOps = ["digest", "bench"]
          , infoModes = ["oneshot"]
          , infoEncoding = Nothing
          , infoNotes = "NaCl.Hash.sha256 / sha512 (crypto_hash_*), one-shot: NaCl has no password hashing"
          }
    , adapterDerive = noDerive impl
    , adapterHash = noHash impl
    , adapterDefaults = Nothing
    , adapterVerify = noVerify impl
    , adapterDigest = digest
    }

digest :: Text -> Text -> ByteString -> IO Op
digest alg "oneshot" input = case alg of
  "sha256" -> pure (bytesOp (Pure (\m -> Right (unSizedByteArray (Hash.sha256 m :: Hash.HashSha256 ByteString))) input))
  "sha512" -> pure (bytesOp (Pure (\m -> Right (unSizedByteArray (Hash.sha512 m :: Hash.HashSha512 ByteString))) input))
  _ -> unsupported (impl <> " digest has no " <> alg)
digest _ mode _ = unsupported (impl <> " has no " <> mode <> " mode (NaCl.Hash hashes in one call)")
