{-# LANGUAGE OverloadedStrings #-}

-- | The compiled catalog (build/catalog.json; docs/protocol.md, "The catalog a runner
-- reads"; its format: src/hashbench/catalog/compiled.py), read once at start-up: every
-- algorithm's parameter schema, with which the runner refuses out-of-range values itself
-- before any library sees them, and the library, backend and algorithms of each
-- implementation it serves.
module Hashbench.Catalog
  ( Catalog
  , Row (..)
  , load
  , rows
  , isDigest
  , defaultLength
  , validate
  ) where

import Control.Exception (IOException, try)
import Control.Monad (forM_, unless, when)
import Data.Aeson (Value (..), eitherDecodeStrict')
import Data.Aeson.Types (Object, Parser, parseEither, withObject, (.!=), (.:), (.:?))
import qualified Data.Aeson.Key as Key
import qualified Data.Aeson.KeyMap as KM
import Data.Bifunctor (first)
import Data.Bits ((.&.))
import qualified Data.ByteString as BS
import qualified Data.Map.Strict as M
import Data.Text (Text)
import qualified Data.Text as T
import System.Environment (getExecutablePath, lookupEnv)
import System.IO.Error (ioeGetErrorString, isDoesNotExistError)

import Hashbench.Types

-- | An output or salt length rule, in bytes.
data Span = Span {spanDefault :: Int, spanMin :: Int, spanMax :: Maybe Int}

-- | One integer parameter: default, bounds, and the catalog's extra rules.
data Rule = Rule
  { ruleDefault :: Int
  , ruleMin :: Maybe Int
  , ruleMax :: Maybe Int
  , rulePowerOfTwo :: Bool
  , ruleChoices :: Maybe [Int]
  , ruleMinPer :: Maybe (Text, Int) -- ^ at least factor × another parameter (argon2 m >= 8p)
  }

data Spec = Spec
  { specDigest :: Bool
  , specLength :: Maybe Span
  , specSalt :: Maybe Span
  , specParams :: M.Map Text Rule
  }

-- | What the catalog says of one implementation this runner serves.
data Row = Row {rowLibrary :: Text, rowBackend :: Text, rowAlgorithms :: [Text]}

data Catalog = Catalog
  { catalogAlgorithms :: M.Map Text Spec
  , catalogRows :: M.Map Text Row -- ^ implementation id → row, for this runner
  }

rows :: Catalog -> M.Map Text Row
rows = catalogRows

-- | HASHBENCH_CATALOG; else build/catalog.json under HASHBENCH_ROOT, else under the
-- repository root: three levels above runners/haskell/build/hashbench-runner.
path :: IO FilePath
path = do
  named <- lookupEnv "HASHBENCH_CATALOG"
  root <- lookupEnv "HASHBENCH_ROOT"
  exe <- getExecutablePath
  let parent = reverse . drop 1 . dropWhile (/= '/') . reverse
      repository = iterate parent exe !! 4
  pure $ case (named, root) of
    (Just p, _) | not (null p) -> p
    (_, Just r) | not (null r) -> r <> "/build/catalog.json"
    _ -> repository <> "/build/catalog.json"

-- | Reads the catalog for @runner@; Left names the file and what is wrong with it.
load :: Text -> IO (Either Text Catalog)
load runner = do
  file <- path
  let failure what = Left ("compiled catalog " <> T.pack file <> ": " <> what)
  bytes <- try (BS.readFile file)
  pure $ case bytes of
    Left e -> failure (if isDoesNotExistError e then "no such file" else T.pack (ioeGetErrorString (e :: IOException)))
    Right b -> either (failure . T.pack) Right (eitherDecodeStrict' b >>= parse runner)

parse :: Text -> Value -> Either String Catalog
parse runner = parseEither $ withObject "catalog" $ \o -> do
  format <- o .: "catalog"
  unless (format == (1 :: Int)) $ fail "not a catalog of format 1 (\"catalog\": 1)"
  algs <- o .: "algorithms" >>= traverse spec . toMap
  mine <- (o .: "runners" >>= (.:? Key.fromText runner)) .!= KM.empty
  rs <- traverse row (toMap mine)
  forM_ (M.toList rs) $ \(impl, r) ->
    forM_ (rowAlgorithms r) $ \a ->
      unless (M.member a algs) $ fail (T.unpack (impl <> " lists " <> a <> ", not an algorithm"))
  pure (Catalog algs rs)
  where
    toMap :: Object -> M.Map Text Value
    toMap = M.fromList . map (first Key.toText) . KM.toList

spec :: Value -> Parser Spec
spec = withObject "algorithm" $ \o -> do
  kind <- o .: "kind"
  unless (kind `elem` ["password", "digest" :: Text]) $ fail "kind must be password or digest"
  len <- o .:? "length" >>= traverse lengthSpan
  salt <- o .:? "salt" >>= traverse lengthSpan
  params <- o .:? "params" .!= KM.empty
  rules <- traverse rule (M.fromList [(Key.toText k, v) | (k, v) <- KM.toList params])
  pure (Spec (kind == "digest") len salt rules)

lengthSpan :: Value -> Parser Span
lengthSpan = withObject "length rule" $ \o -> Span <$> o .: "default" <*> o .: "min" <*> o .:? "max"

rule :: Value -> Parser Rule
rule = withObject "parameter" $ \o -> do
  per <- o .:? "min_per" >>= traverse (withObject "min_per" (\p -> (,) <$> p .: "param" <*> p .: "factor"))
  Rule
    <$> o .: "default"
    <*> o .:? "min"
    <*> o .:? "max"
    <*> o .:? "power_of_two" .!= False
    <*> o .:? "choices"
    <*> pure per

row :: Value -> Parser Row
row = withObject "implementation" $ \o -> Row <$> o .: "library" <*> o .: "backend" <*> o .: "algorithms"

isDigest :: Catalog -> Text -> Bool
isDigest cat alg = maybe False specDigest (M.lookup alg (catalogAlgorithms cat))

-- | The output length when a request gives none: the catalog's default, except scrypt
-- derive, whose protocol default is 64 bytes.
defaultLength :: Catalog -> Text -> Text -> Int
defaultLength _ "scrypt" "derive" = 64
defaultLength cat alg _ = maybe 0 spanDefault (M.lookup alg (catalogAlgorithms cat) >>= specLength)

tshow :: Show a => a -> Text
tshow = T.pack . show

-- | Fill defaults and check every range; returns the complete parameter set. With
-- @unchecked@ (protocol "unchecked": true, for fidelity probes) only the defaults are
-- filled and the library sees the values as given.
validate :: Catalog -> Bool -> Text -> M.Map Text Int -> Maybe Int -> Maybe Int -> IO Params
validate cat unchecked alg given len saltLen = do
  s <- maybe (unsupported ("unknown algorithm " <> alg)) pure (M.lookup alg (catalogAlgorithms cat))
  forM_ (M.keys given) $ \k ->
    unless (M.member k (specParams s)) $ invalidParams ("unknown parameter " <> k <> " for " <> alg)
  let full = M.union given (M.map ruleDefault (specParams s))
  unless unchecked $ checkRanges alg s full len saltLen
  pure full

checkRanges :: Text -> Spec -> Params -> Maybe Int -> Maybe Int -> IO ()
checkRanges alg s full len saltLen = do
  forM_ (M.toList (specParams s)) $ \(k, r) -> do
    let v = full M.! k
        outside what = invalidParams (k <> "=" <> tshow v <> " " <> what <> " for " <> alg)
    forM_ (ruleChoices r) $ \cs -> unless (v `elem` cs) $ outside ("not one of " <> tshow cs)
    when (maybe False (v <) (ruleMin r) || maybe False (v >) (ruleMax r)) $
      outside ("outside " <> bound (ruleMin r) <> ".." <> bound (ruleMax r))
    when (rulePowerOfTwo r && (v < 1 || v .&. (v - 1) /= 0)) $ outside "is not a power of two"
    forM_ (ruleMinPer r) $ \(other, factor) -> do
      let floor' = factor * M.findWithDefault 0 other full
      when (v < floor') $ outside ("below " <> tshow factor <> "*" <> other <> "=" <> tshow floor')
  case (len, specLength s) of
    (Just l, Just sp) | outsideSpan l sp ->
      invalidParams ("length=" <> tshow l <> " outside " <> spanText sp <> " for " <> alg)
    _ -> pure ()
  case (saltLen, specSalt s) of
    (Just l, Just sp) | outsideSpan l sp ->
      invalidParams ("salt of " <> tshow l <> " bytes outside " <> spanText sp <> " for " <> alg)
    _ -> pure ()
  where
    bound = maybe "" tshow
    outsideSpan l sp = l < spanMin sp || maybe False (l >) (spanMax sp)
    spanText sp = tshow (spanMin sp) <> ".." <> bound (spanMax sp)
