{-# LANGUAGE ExistentialQuantification #-}
{-# LANGUAGE OverloadedStrings #-}

-- | cryptonite: Crypto.KDF.BCrypt, Crypto.KDF.Argon2, Crypto.KDF.Scrypt,
-- Crypto.KDF.PBKDF2 and Crypto.Hash, called as the package's documentation shows.
--
-- Digest modes: @oneshot@ is 'H.hashWith'; @new@ is the pure streaming API
-- (hashInit / hashUpdate / hashFinalize: contexts are immutable values, every
-- hashUpdate makes a new one); @reset@ is the mutable API of "Crypto.Hash.IO", one
-- MutableContext reset with hashMutableReset before each op.
module Hashbench.Adapter.Cryptonite (adapters) where

import Crypto.Error (CryptoFailable (..))
import qualified Crypto.Hash as H
import qualified Crypto.Hash.IO as HIO
import qualified Crypto.KDF.Argon2 as Argon2
import qualified Crypto.KDF.BCrypt as BCrypt
import qualified Crypto.KDF.PBKDF2 as PBKDF2
import qualified Crypto.KDF.Scrypt as Scrypt
import qualified Data.ByteArray as BA
import Data.ByteString (ByteString)
import qualified Data.Map.Strict as M
import Data.Text (Text)
import qualified Data.Text as T

import Hashbench.Reply (bytesOp, hexValue)
import Hashbench.Types

-- | One implementation per cryptonite module family, so that each one's capabilities
-- are exact (bcrypt makes encoded strings; argon2, scrypt and pbkdf2 raw output only).
adapters :: [Adapter]
adapters = [bcryptAdapter, argon2Adapter, scryptAdapter, pbkdf2Adapter, hashAdapter]

info :: Text -> [Text] -> [Text] -> Maybe Text -> Text -> Info
info name ops modes enc notes =
  Info
    { infoId = "haskell/cryptonite-" <> name
    , infoVersion = "0.29"
    , infoOps = ops
    , infoModes = modes
    , infoEncoding = enc
    , infoNotes = notes
    }

base :: Info -> Adapter
base i =
  Adapter
    { adapterInfo = i
    , adapterDerive = noDerive (infoId i)
    , adapterHash = noHash (infoId i)
    , adapterDefaults = Nothing
    , adapterVerify = noVerify (infoId i)
    , adapterDigest = noDigest (infoId i)
    }

bcryptAdapter, argon2Adapter, scryptAdapter, pbkdf2Adapter, hashAdapter :: Adapter
bcryptAdapter =
  -- backend "pure" in the catalog: Crypto.Cipher.Blowfish.Primitive is Haskell (the other
  -- families call C)
  (base (info "bcrypt" ["hash", "verify", "bench"] [] (Just "mcf") bcryptNotes))
    { adapterHash = hash
    , adapterVerify = verify
    }
  where
    bcryptNotes =
      "Crypto.KDF.BCrypt hashPassword / bcrypt (given salt) / validatePasswordEither: pure Haskell; emits $2b$; "
        <> "reads $2a$ as $2b$ (no crypt_blowfish 8-bit $2a$ countermeasure), no $2x$"
argon2Adapter =
  (base (info "argon2" ["derive", "bench"] [] Nothing argon2Notes))
    {adapterDerive = derive}
  where
    argon2Notes = "Crypto.KDF.Argon2.hash: raw output only; the reference C (ref.c), lanes on threads when p > 1; no secret/ad"
scryptAdapter =
  (base (info "scrypt" ["derive", "bench"] [] Nothing "Crypto.KDF.Scrypt.generate: raw output only"))
    {adapterDerive = derive}
pbkdf2Adapter =
  (base (info "pbkdf2" ["derive", "bench"] [] Nothing pbkdf2Notes))
    {adapterDerive = derive}
  where
    pbkdf2Notes = "Crypto.KDF.PBKDF2.fastPBKDF2_SHA1/_SHA256/_SHA512: raw output"
hashAdapter =
  (base (info "hash" ["digest", "bench"] ["oneshot", "new", "reset"] Nothing hashNotes))
    {adapterDigest = digest}
  where
    hashNotes =
      "Crypto.Hash: hashWith (oneshot), pure hashInit/hashUpdate/hashFinalize (new: immutable "
        <> "contexts, each update makes a new one), Crypto.Hash.IO hashMutableReset (reset)"

impl :: Text
impl = "haskell/cryptonite"

failable :: CryptoFailable ByteString -> Either RunnerError ByteString
failable (CryptoPassed out) = Right out
failable (CryptoFailed e) = Left (RunnerError InvalidParams (T.pack (show e)))

derive :: Text -> Params -> ByteString -> ByteString -> Int -> IO Op
derive alg p password salt len = case alg of
  "argon2id" -> argon2 Argon2.Argon2id
  "argon2i" -> argon2 Argon2.Argon2i
  "argon2d" -> argon2 Argon2.Argon2d
  "scrypt" -> do
    let n = p M.! "n"; r = p M.! "r"; par = p M.! "p"
    -- cryptonite allocates 128*r*N bytes in one block; refuse what cannot fit here.
    if 128 * fromIntegral r * fromIntegral n > (16 * 2 ^ (30 :: Int) :: Integer)
      then invalidParams ("scrypt n=" <> tshow n <> ", r=" <> tshow r <> " needs more than 16 GiB")
      else do
        let params = Scrypt.Parameters {Scrypt.n = fromIntegral n, Scrypt.r = r, Scrypt.p = par, Scrypt.outputLength = len}
        pure (bytesOp (Pure (\(pw, s) -> Right (Scrypt.generate params pw s)) (password, salt)))
  "pbkdf2-sha1" -> pbkdf2 PBKDF2.fastPBKDF2_SHA1
  "pbkdf2-sha256" -> pbkdf2 PBKDF2.fastPBKDF2_SHA256
  "pbkdf2-sha512" -> pbkdf2 PBKDF2.fastPBKDF2_SHA512
  _ -> unsupported (impl <> " derive has no " <> alg)
  where
    argon2 variant = do
      let opts =
            Argon2.Options
              { Argon2.iterations = fromIntegral (p M.! "t")
              , Argon2.memory = fromIntegral (p M.! "m")
              , Argon2.parallelism = fromIntegral (p M.! "p")
              , Argon2.variant = variant
              , Argon2.version = if p M.! "version" == 16 then Argon2.Version10 else Argon2.Version13
              }
      pure (bytesOp (Pure (\(pw, s) -> failable (Argon2.hash opts pw s len)) (password, salt)))
    pbkdf2 :: (PBKDF2.Parameters -> ByteString -> ByteString -> ByteString) -> IO Op
    pbkdf2 f = do
      let params = PBKDF2.Parameters {PBKDF2.iterCounts = p M.! "iterations", PBKDF2.outputLength = len}
      pure (bytesOp (Pure (\(pw, s) -> Right (f params pw s)) (password, salt)))

hash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
hash "bcrypt" p password salt _ = do
  let cost = p M.! "cost"
  pure $ case salt of
    Just s -> Pure (\(pw, s') -> Right (BCrypt.bcrypt cost s' pw)) (password, s)
    Nothing -> Effect (Right <$> BCrypt.hashPassword cost password)
hash alg _ _ _ _ = unsupported (impl <> " makes no encoded string for " <> alg <> " (raw derive only)")

verify :: Text -> IO Verifier
verify "bcrypt" = pure $ \password encoded ->
  case BCrypt.validatePasswordEither password encoded of
    Left msg -> Left (RunnerError InvalidInput (T.pack msg))
    Right ok -> Right ok
verify alg = unsupported (impl <> " has no verify for " <> alg)

data SomeHash = forall a. H.HashAlgorithm a => SomeHash a

hashAlgorithm :: Text -> Maybe SomeHash
hashAlgorithm alg = case alg of
  "md5" -> Just (SomeHash H.MD5)
  "sha1" -> Just (SomeHash H.SHA1)
  "sha256" -> Just (SomeHash H.SHA256)
  "sha512" -> Just (SomeHash H.SHA512)
  "sha3-256" -> Just (SomeHash H.SHA3_256)
  "blake2b-512" -> Just (SomeHash H.Blake2b_512)
  "blake2s-256" -> Just (SomeHash H.Blake2s_256)
  _ -> Nothing

digestOp :: H.HashAlgorithm a => Run (H.Digest a) -> Op
digestOp run = Op run (`BA.index` 0) (\d -> Right [("output", hexValue (BA.convert d))])

-- "new" keeps its lambda: a context made inside each call, as the mode says (the
-- point-free form hlint suggests would share one hashInitWith across calls).
{- HLINT ignore digest "Avoid lambda" -}
digest :: Text -> Text -> ByteString -> IO Op
digest alg mode input = case hashAlgorithm alg of
  Nothing -> unsupported (impl <> " digest has no " <> alg)
  Just (SomeHash a) -> case mode of
    "oneshot" -> pure (digestOp (Pure (H.hashWith a) input))
    "new" -> pure (digestOp (Pure (\bs -> H.hashFinalize (H.hashUpdate (H.hashInitWith a) bs)) input))
    "reset" -> do
      ctx <- HIO.hashMutableInitWith a
      pure . digestOp . Effect $ do
        HIO.hashMutableReset ctx
        HIO.hashMutableUpdate ctx input
        HIO.hashMutableFinalize ctx
    _ -> unsupported (impl <> " has no mode " <> mode)

tshow :: Show a => a -> Text
tshow = T.pack . show
