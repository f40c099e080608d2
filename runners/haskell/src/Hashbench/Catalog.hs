{-# LANGUAGE OverloadedStrings #-}

-- | Parameter ranges of catalog/algorithms.toml, mirrored so that the runner refuses
-- out-of-range values itself before any library sees them.
module Hashbench.Catalog
  ( isDigest
  , isPassword
  , defaultLength
  , validate
  ) where

import Control.Monad (forM_, unless, when)
import Data.Bits ((.&.))
import qualified Data.Map.Strict as M
import Data.Text (Text)
import qualified Data.Text as T

import Hashbench.Types

data Spec = Spec
  { specLength :: Maybe (Int, Int, Int) -- ^ default, min, max
  , specSaltMin :: Int
  , specSaltMax :: Maybe Int
  , specParams :: [(Text, (Int, Int, Int))]
  }

argon2 :: Spec
argon2 =
  Spec (Just (32, 4, 1024)) 8 Nothing
    [("m", (65536, 8, 4194304)), ("t", (3, 1, 1000)), ("p", (4, 1, 255)), ("version", (19, 16, 19))]

pbkdf2 :: Int -> Int -> Spec
pbkdf2 len iters = Spec (Just (len, 1, 1024)) 0 Nothing [("iterations", (iters, 1, 100000000))]

specs :: M.Map Text Spec
specs =
  M.fromList
    [ ("argon2id", argon2)
    , ("argon2i", argon2)
    , ("argon2d", argon2)
    , ("scrypt", Spec (Just (32, 1, 1024)) 0 Nothing [("n", (65536, 2, 1073741824)), ("r", (8, 1, 1024)), ("p", (1, 1, 1024))])
    , ("bcrypt", Spec Nothing 16 (Just 16) [("cost", (10, 4, 31))])
    , ("pbkdf2-sha1", pbkdf2 20 600000)
    , ("pbkdf2-sha256", pbkdf2 32 600000)
    , ("pbkdf2-sha512", pbkdf2 64 210000)
    , ("yescrypt", Spec Nothing 0 Nothing [("cost", (5, 1, 11))])
    , ("sha512crypt", Spec Nothing 0 (Just 16) [("rounds", (5000, 1000, 999999999))])
    ]

digests :: [Text]
digests = ["md5", "sha1", "sha256", "sha512", "sha3-256", "blake2b-512", "blake2s-256", "blake3"]

isDigest, isPassword :: Text -> Bool
isDigest = (`elem` digests)
isPassword = (`M.member` specs)

defaultLength :: Text -> Text -> Int
defaultLength "scrypt" "derive" = 64
defaultLength alg _ = maybe 0 (\(d, _, _) -> d) (M.lookup alg specs >>= specLength)

tshow :: Show a => a -> Text
tshow = T.pack . show

-- | Fill defaults and check every range; returns the complete parameter set. With
-- @unchecked@ (protocol "unchecked": true, for fidelity probes) only the defaults are
-- filled and the library sees the values as given.
validate :: Bool -> Text -> M.Map Text Int -> Maybe Int -> Maybe Int -> IO Params
validate unchecked alg given len saltLen = do
  spec <- maybe (unsupported ("unknown algorithm " <> alg)) pure (M.lookup alg specs)
  forM_ (M.keys given) $ \k ->
    unless (k `elem` map fst (specParams spec)) $ invalidParams ("unknown parameter " <> k <> " for " <> alg)
  let full = M.fromList [(k, M.findWithDefault d k given) | (k, (d, _, _)) <- specParams spec]
  unless unchecked $ checkRanges alg spec full len saltLen
  pure full

checkRanges :: Text -> Spec -> Params -> Maybe Int -> Maybe Int -> IO ()
checkRanges alg spec full len saltLen = do
  forM_ (specParams spec) $ \(k, (_, lo, hi)) -> do
    let v = full M.! k
    when (v < lo || v > hi) $
      invalidParams (k <> "=" <> tshow v <> " outside " <> tshow lo <> ".." <> tshow hi <> " for " <> alg)
  when ("argon2" `T.isPrefixOf` alg) $ do
    let m = full M.! "m"; p = full M.! "p"; v = full M.! "version"
    unless (v == 16 || v == 19) $ invalidParams ("version=" <> tshow v <> ": must be 16 or 19")
    when (m < 8 * p) $ invalidParams ("m=" <> tshow m <> " below 8*p=" <> tshow (8 * p) <> " KiB")
  when (alg == "scrypt") $ do
    let n = full M.! "n"
    when (n .&. (n - 1) /= 0) $ invalidParams ("n=" <> tshow n <> " is not a power of two")
  case (len, specLength spec) of
    (Just l, Just (_, lo, hi)) | l < lo || l > hi ->
      invalidParams ("length=" <> tshow l <> " outside " <> tshow lo <> ".." <> tshow hi <> " for " <> alg)
    _ -> pure ()
  case saltLen of
    Just s | s < specSaltMin spec || maybe False (s >) (specSaltMax spec) ->
      invalidParams ("salt of " <> tshow s <> " bytes outside the range for " <> alg)
    _ -> pure ()
