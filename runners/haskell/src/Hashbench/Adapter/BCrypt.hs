{-# LANGUAGE OverloadedStrings #-}

-- | Hackage @bcrypt@ 0.0.11 (Crypto.BCrypt): a binding to Solar Designer's
-- crypt_blowfish (its @csrc/@, compiled in). A 'HashingPolicy' picks the cost and the
-- prefix; the library's default prefix is @$2y$@ and its default policy cost 14.
-- 'hashPasswordUsingPolicy' draws its own salt; 'genSalt' + 'hashPassword' take a given
-- one; 'validatePassword' answers a plain Bool (a malformed string is just False).
module Hashbench.Adapter.BCrypt (adapter) where

import Crypto.BCrypt
import Data.ByteString (ByteString)
import Data.Default (def)
import qualified Data.Map.Strict as M
import Data.Text (Text)

import Hashbench.Types

impl :: Text
impl = "haskell/bcrypt"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "0.0.11"
          , infoOps = ["hash", "verify", "bench"]
          , infoModes = []
          , infoEncoding = Just "mcf"
          , infoNotes = "crypt_blowfish via crypt_ra; emits $2y$ (defaultHashAlgorithm); validatePassword is a Bool"
          }
    , adapterDerive = noDerive impl
    , adapterHash = hash
    , adapterDefaults = Just defaults
    , adapterVerify = verify
    , adapterDigest = noDigest impl
    }

refused :: Maybe ByteString -> Either RunnerError ByteString
refused = maybe (Left (RunnerError InvalidParams "crypt_blowfish refused the setting")) Right

hash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
hash _ p password salt _ = do
  let cost = p M.! "cost"
      policy = def {preferredHashCost = cost}
  pure $ case salt of
    Just s -> Pure (\(pw, s') -> refused (genSalt defaultHashAlgorithm cost s' >>= hashPassword pw)) (password, s)
    Nothing -> Effect (refused <$> hashPasswordUsingPolicy policy password)

-- | The default policy, as @hashPasswordUsingPolicy def@: cost 14, $2y$.
defaults :: Text -> ByteString -> IO (Run (Either RunnerError ByteString))
defaults _ password = pure (Effect (refused <$> hashPasswordUsingPolicy def password))

verify :: Text -> IO Verifier
verify _ = pure (\password encoded -> Right (validatePassword encoded password))
