{-# LANGUAGE DataKinds #-}
{-# LANGUAGE OverloadedStrings #-}
{-# LANGUAGE ScopedTypeVariables #-}
{-# LANGUAGE TypeApplications #-}

-- | Hackage @crypto-sodium@ 0.0.5.0 (Serokell's typed API over Hackage @libsodium@ and
-- @NaCl@). "Crypto.Sodium.Key" derives keys from passwords with crypto_pwhash, always
-- Argon2id 1.3: 'Key.derive' draws a salt and returns the key with a "derivation slip"
-- (opslimit, memlimit and salt, serialised), 'Key.rederive' makes the key again from a
-- slip. A given salt is a slip made with the package's own encoder
-- ('derivationSlipEncode' of "Crypto.Sodium.Key.Internal"), so a derive is one
-- 'Key.rederive'. There is no hash string. The key length is a type-level number: the
-- adapter offers 16, 32 and 64 bytes. Digests: "Crypto.Sodium.Hash" 'blake2b' (64 bytes),
-- 'sha256' and 'sha512' (NaCl's), one-shot.
module Hashbench.Adapter.CryptoSodium (adapter) where

import qualified Crypto.Sodium.Hash as Hash
import qualified Crypto.Sodium.Key as Key
import Crypto.Sodium.Key.Internal (DerivationSlipData (..), derivationSlipEncode)
import Crypto.Sodium.Pwhash.Internal (Params (..))
import Data.ByteArray.Sized (SizedByteArray, sizedByteArray, unSizedByteArray)
import Data.ByteString (ByteString)
import Data.Text (Text)
import qualified Data.Text as T

import Hashbench.Adapter.SodiumLimits
import Hashbench.Reply (bytesOp)
import Hashbench.Types hiding (Params)
import qualified Hashbench.Types

impl :: Text
impl = "haskell/crypto-sodium"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "0.0.5.0 (system libsodium)"
          , infoOps = ["derive", "digest", "bench"]
          , infoModes = ["oneshot"]
          , infoEncoding = Nothing
          , infoNotes = "Crypto.Sodium.Key.derive / rederive: argon2id only (crypto_pwhash), p=1, v=19, 16-byte salt in a derivation slip, keys of 16, 32 or 64 bytes; no hash string; digests one-shot"
          }
    , adapterDerive = derive
    , adapterHash = noHash impl
    , adapterDefaults = Nothing
    , adapterVerify = noVerify impl
    , adapterDigest = digest
    }

refused :: RunnerError
refused = RunnerError InvalidParams "libsodium refused the parameters (rederive gave Nothing)"

derive :: Text -> Hashbench.Types.Params -> ByteString -> ByteString -> Int -> IO Op
derive alg p pw salt len = do
  (ops, mem) <- argon2Limits impl alg p
  if alg /= "argon2id" then unsupported "crypto-sodium derives with argon2id only" else pure ()
  argon2Salt salt
  s <- maybe (unsupported "crypto-sodium takes a 16-byte salt") pure (sizedByteArray salt)
  let slip = derivationSlipEncode (DerivationSlipData (Params (fromIntegral ops) (fromIntegral mem)) s)
      run :: forall n. Maybe (SizedByteArray n ByteString) -> Either RunnerError ByteString
      run = maybe (Left refused) (Right . unSizedByteArray)
  case len of
    16 -> pure (bytesOp (Pure (run . Key.rederive @(SizedByteArray 16 ByteString) slip) pw))
    32 -> pure (bytesOp (Pure (run . Key.rederive @(SizedByteArray 32 ByteString) slip) pw))
    64 -> pure (bytesOp (Pure (run . Key.rederive @(SizedByteArray 64 ByteString) slip) pw))
    _ -> unsupported ("crypto-sodium's key length is a type: the adapter offers 16, 32 and 64 bytes, not " <> T.pack (show len))

digest :: Text -> Text -> ByteString -> IO Op
digest alg "oneshot" input = case alg of
  "blake2b-512" -> pure (bytesOp (Pure (\m -> Right (unSizedByteArray (Hash.blake2b @64 m :: Hash.HashBlake2b 64 ByteString))) input))
  "sha256" -> pure (bytesOp (Pure (\m -> Right (unSizedByteArray (Hash.sha256 m :: Hash.HashSha256 ByteString))) input))
  "sha512" -> pure (bytesOp (Pure (\m -> Right (unSizedByteArray (Hash.sha512 m :: Hash.HashSha512 ByteString))) input))
  _ -> unsupported (impl <> " digest has no " <> alg)
digest _ mode _ = unsupported (impl <> " has no " <> mode <> " mode (Crypto.Sodium.Hash hashes in one call)")
