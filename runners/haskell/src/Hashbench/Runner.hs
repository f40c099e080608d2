{-# LANGUAGE OverloadedStrings #-}
{-# LANGUAGE TupleSections #-}

-- | Protocol v1 (docs/protocol.md): the hello line, then one reply per request line.
module Hashbench.Runner (run) where

import Control.Exception (SomeException, evaluate, throwIO, try, displayException, fromException)
import Control.Monad (unless, when)
import Data.Aeson (Value (..), eitherDecodeStrict', encode, object)
import qualified Data.Aeson.Key as Key
import qualified Data.Aeson.KeyMap as KM
import qualified Data.ByteString as BS
import qualified Data.ByteString.Char8 as BC
import qualified Data.ByteString.Lazy as LBS
import qualified Data.Map.Strict as M
import qualified Data.Bifunctor as Bifunctor
import Data.Maybe (fromMaybe, isJust, isNothing)
import Data.Scientific (fromFloatDigits, toBoundedInteger)
import Data.Text (Text)
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE
import Data.Word (Word8)
import System.Exit (ExitCode (..), exitWith)
import System.IO

import Hashbench.Bench
import qualified Hashbench.Catalog as Catalog
import Hashbench.Reply
import Hashbench.Types
import System.Info (fullCompilerVersion)
import Data.Version (showVersion)

type Obj = KM.KeyMap Value

-- | The implementations served: adapter and the catalog's row, by id.
type Impls = M.Map Text (Adapter, Catalog.Row)

-- | What every request is answered from: the compiled catalog and the implementations.
data Ctx = Ctx {ctxCatalog :: Catalog.Catalog, ctxImpls :: Impls}

-- | The adapters the catalog lists for this runner, in the given order; the others are
-- left out, with a line on stderr.
serve :: Catalog.Catalog -> [Adapter] -> IO [(Adapter, Catalog.Row)]
serve cat = fmap concat . mapM pick
  where
    pick a = case M.lookup (infoId (adapterInfo a)) (Catalog.rows cat) of
      Just r -> pure [(a, r)]
      Nothing -> do
        hPutStrLn stderr ("haskell runner: " <> T.unpack (infoId (adapterInfo a)) <> " is not in the catalog; left out")
        pure []

run :: [Adapter] -> IO ()
run adapters = do
  loaded <- Catalog.load "haskell"
  cat <- case loaded of
    Right c -> pure c
    Left msg -> do
      hPutStrLn stderr ("haskell runner: " <> T.unpack msg <> " (run hashbench build)")
      exitWith (ExitFailure 1)
  served <- serve cat adapters
  hSetBinaryMode stdin True
  hSetBinaryMode stdout True
  hSetBuffering stdout (BlockBuffering Nothing)
  res <- clockResolutionNs
  send $
    object
      [ ("hello", Number 1)
      , ("runner", String "haskell")
      , ("runtime", String ("ghc " <> T.pack (showVersion fullCompilerVersion) <> " (-O2 -threaded)"))
      , ("timer", object [("clock", String "CLOCK_MONOTONIC (GHC.Clock.getMonotonicTimeNSec)"), ("resolution_ns", Number (fromIntegral res))])
      , ("implementations", toJSONList (map infoValue served))
      ]
  let ctx = Ctx cat (M.fromList [(infoId (adapterInfo a), (a, r)) | (a, r) <- served])
      loop = do
        eof <- isEOF
        unless eof $ do
          line <- BS.hGetLine stdin
          let l = BC.filter (/= '\r') line
          if BS.length line > maxLine
            then do
              send (errorReply Null Protocol (overLimit (BS.length line)))
              loop
            else if BC.all (`elem` (" \t" :: String)) l
              then loop
              else do
                quit <- handleLine ctx l
                unless quit loop
  loop
  where
    toJSONList = Array . foldr (\v acc -> pure v <> acc) mempty

-- | The longest request line answered, in bytes before the newline (docs/protocol.md).
-- A longer line is read whole (hGetLine is linear in its length), then refused.
maxLine :: Int
maxLine = 16 * 1024 * 1024

overLimit :: Int -> Text
overLimit n =
  "request line of " <> T.pack (show n) <> " bytes is over the limit of " <> T.pack (show maxLine)

-- | An implementation's hello entry: the catalog's library, backend and algorithms, the
-- rest from its adapter.
infoValue :: (Adapter, Catalog.Row) -> Value
infoValue (a, r) =
  object
    [ ("id", String (infoId i))
    , ("library", String (Catalog.rowLibrary r))
    , ("version", String (infoVersion i))
    , ("backend", String (Catalog.rowBackend r))
    , ("algorithms", strings (Catalog.rowAlgorithms r))
    , ("ops", strings (infoOps i))
    , ("modes", strings (infoModes i))
    , ("encoding", maybe Null String (infoEncoding i))
    , ("alloc", Bool True)
    , ("defaults", Bool (isJust (adapterDefaults a)))
    , ("unchecked", Bool True)
    , ("notes", String (infoNotes i))
    ]
  where
    i = adapterInfo a
    strings = Array . foldr (\s acc -> pure (String s) <> acc) mempty

send :: Value -> IO ()
send v = do
  LBS.hPut stdout (encode v)
  BS.hPut stdout "\n"
  hFlush stdout

obj :: [(Text, Value)] -> Value
obj = object . map (Bifunctor.first Key.fromText)

kindName :: ErrorKind -> Text
kindName k = case k of
  Protocol -> "protocol"
  Unsupported -> "unsupported"
  InvalidParams -> "invalid_params"
  InvalidInput -> "invalid_input"
  LibraryError -> "library_error"

errorReply :: Value -> ErrorKind -> Text -> Value
errorReply rid kind msg =
  obj [("id", rid), ("error", obj [("kind", String (kindName kind)), ("message", String msg)])]

-- | Handle one line; True when the runner must exit (quit).
handleLine :: Ctx -> BS.ByteString -> IO Bool
handleLine ctx line = case eitherDecodeStrict' line of
  Left err -> send (errorReply Null Protocol ("malformed JSON: " <> T.pack err)) >> pure False
  Right (Object o) -> do
    let rid = case KM.lookup "id" o of
          Just (Number n) | Just i <- toBoundedInteger n -> Number (fromIntegral (i :: Int))
          _ -> Null
    outcome <- try $ do
      case KM.lookup "id" o of
        Just v | rid == Null && v /= Null -> protocolError "field id must be an integer"
        _ -> pure ()
      reply <- handle ctx o
      let v = case reply of
            Nothing -> obj [("id", rid), ("ok", Bool True)]
            Just fields -> obj (("id", rid) : fields)
          bytes = encode v
      _ <- evaluate (LBS.length bytes) -- force everything the reply holds, inside `try`
      pure (reply, bytes)
    case outcome of
      Right (reply, bytes) -> do
        LBS.hPut stdout bytes >> BS.hPut stdout "\n" >> hFlush stdout
        pure (isNothing reply)
      Left e -> do
        send (uncurry (errorReply rid) (classify e))
        pure False
  Right _ -> send (errorReply Null Protocol "a request must be a JSON object") >> pure False

classify :: SomeException -> (ErrorKind, Text)
classify e = case fromException e of
  Just (RunnerError kind msg) -> (kind, msg)
  Nothing -> (LibraryError, T.pack (displayException e))

-- Field accessors: a field of the wrong type is a protocol error.

field :: Obj -> Text -> Maybe Value
field o k = case KM.lookup (Key.fromText k) o of
  Just Null -> Nothing
  v -> v

strField :: Obj -> Text -> IO (Maybe Text)
strField o k = case field o k of
  Nothing -> pure Nothing
  Just (String s) -> pure (Just s)
  Just _ -> protocolError ("field " <> k <> " must be a string")

str :: Obj -> Text -> IO Text
str o k = strField o k >>= maybe (protocolError ("missing field " <> k)) pure

intField :: Obj -> Text -> IO (Maybe Int)
intField o k = case field o k of
  Nothing -> pure Nothing
  Just (Number n) | Just i <- toBoundedInteger n -> pure (Just i)
  Just _ -> protocolError ("field " <> k <> " must be an integer")

-- | A boolean field; @def@ when absent.
boolField :: Obj -> Text -> Bool -> IO Bool
boolField o k def = case field o k of
  Nothing -> pure def
  Just (Bool b) -> pure b
  Just _ -> protocolError ("field " <> k <> " must be a boolean")

hexField :: Obj -> Text -> IO (Maybe BS.ByteString)
hexField o k = do
  s <- strField o k
  case s of
    Nothing -> pure Nothing
    Just h -> either (const (invalidInput ("field " <> k <> " is not hex"))) (pure . Just) (unhex h)

paramsField :: Obj -> IO (M.Map Text Int)
paramsField o = case field o "params" of
  Nothing -> pure M.empty
  Just (Object ps) -> M.fromList <$> mapM param (KM.toList ps)
  Just _ -> protocolError "field params must be an object"
  where
    param (k, Number n) | Just i <- toBoundedInteger n = pure (Key.toText k, i)
    param (k, _) = protocolError ("params." <> Key.toText k <> " must be an integer")

handle :: Ctx -> Obj -> IO (Maybe [(Text, Value)])
handle ctx o = do
  cmd <- str o "cmd"
  case cmd of
    "quit" -> pure Nothing
    "bench" -> Just <$> bench ctx o
    "derive" -> Just <$> (target ctx o "derive" >>= uncurry (deriveOp cat o) >>= once)
    "hash" -> do
      (adapter, alg) <- target ctx o "hash"
      Just <$> case field o "params" of
        Just _ -> hashRun cat o adapter alg >>= once . encodedOp
        Nothing -> case adapterDefaults adapter of
          Just run -> password o >>= run alg >>= once . encodedOp
          Nothing -> unsupported (infoId (adapterInfo adapter) <> " has no call without parameters")
    "verify" -> do
      _ <- str o "encoded" -- the plain command needs one; only bench makes its own
      Just <$> (target ctx o "verify" >>= uncurry (verifyOp cat o) >>= once . fst)
    "digest" -> Just <$> (target ctx o "digest" >>= uncurry (digestOp o "oneshot") >>= once)
    _ -> unsupported ("unknown cmd " <> cmd)
  where
    cat = ctxCatalog ctx
    once (Op r sink render) = runOnce r sink >>= either throwIO pure . render

-- | The adapter and algorithm of a request, checked against the hello's capabilities.
target :: Ctx -> Obj -> Text -> IO (Adapter, Text)
target ctx o op = do
  implId <- str o "impl"
  (adapter, row) <- maybe (unsupported ("unknown impl " <> implId)) pure (M.lookup implId (ctxImpls ctx))
  alg <- str o "alg"
  let info = adapterInfo adapter
  unless (alg `elem` Catalog.rowAlgorithms row) $ unsupported (implId <> " does not offer algorithm " <> alg)
  unless (op `elem` infoOps info) $ unsupported (implId <> " does not offer op " <> op)
  when (Catalog.isDigest (ctxCatalog ctx) alg /= (op == "digest")) $
    unsupported ("op " <> op <> " does not apply to " <> alg)
  pure (adapter, alg)

password :: Obj -> IO BS.ByteString
password o = fromMaybe BS.empty <$> hexField o "password"

-- | Validate the catalog ranges, then (params, salt, length).
checked :: Catalog.Catalog -> Obj -> Text -> Text -> IO (Params, Maybe BS.ByteString, Int)
checked cat o alg op = do
  salt <- hexField o "salt"
  len <- fromMaybe (Catalog.defaultLength cat alg op) <$> intField o "length"
  given <- paramsField o
  unchecked <- boolField o "unchecked" False
  p <- Catalog.validate cat unchecked alg given (Just len) (BS.length <$> salt)
  pure (p, salt, len)

deriveOp :: Catalog.Catalog -> Obj -> Adapter -> Text -> IO Op
deriveOp cat o adapter alg = do
  (p, salt, len) <- checked cat o alg "derive"
  s <- maybe (protocolError "derive needs a salt") pure salt
  when (isJust (field o "secret") || isJust (field o "ad")) $
    unsupported (infoId (adapterInfo adapter) <> " takes no secret or associated data")
  pw <- password o
  adapterDerive adapter alg p pw s len

hashRun :: Catalog.Catalog -> Obj -> Adapter -> Text -> IO (Run (Either RunnerError BS.ByteString))
hashRun cat o adapter alg = do
  (p, salt, len) <- checked cat o alg "hash"
  pw <- password o
  adapterHash adapter alg p pw salt len

-- | A verify op, and the encoded string it checks when the runner had to make one.
verifyOp :: Catalog.Catalog -> Obj -> Adapter -> Text -> IO (Op, Maybe BS.ByteString)
verifyOp cat o adapter alg = do
  vf <- adapterVerify adapter alg
  pw <- password o
  given <- fmap TE.encodeUtf8 <$> strField o "encoded"
  (enc, made) <- case given of
    Just e -> pure (e, Nothing)
    Nothing -> do
      unless ("hash" `elem` infoOps (adapterInfo adapter)) $ protocolError "verify needs encoded"
      r <- hashRun cat o adapter alg
      e <- runOnce r (const 0) >>= either throwIO pure
      pure (e, Just e)
  let render = fmap (\v -> ("valid", Bool v) : maybe [] (\e -> [("encoded", String (TE.decodeLatin1 e))]) made)
  pure (Op (Pure (uncurry vf) (pw, enc)) sinkBool render, made)

sinkBool :: Either RunnerError Bool -> Word8
sinkBool = either (const 0) (fromIntegral . fromEnum)

digestOp :: Obj -> Text -> Adapter -> Text -> IO Op
digestOp o mode adapter alg = do
  input <- hexField o "input"
  size <- intField o "input_size"
  when (maybe False (\n -> n < 0 || n > 2 ^ (30 :: Int)) size) $ invalidParams "input_size must be in 0..2^30"
  adapterDigest adapter alg mode (fromMaybe (pattern251 (fromMaybe 0 size)) input)

bench :: Ctx -> Obj -> IO [(Text, Value)]
bench ctx o = do
  let cat = ctxCatalog ctx
  iters <- intField o "iters" >>= maybe (protocolError "missing field iters") pure
  samples <- fromMaybe 1 <$> intField o "samples"
  when (iters < 1 || samples < 1) $ invalidParams "iters and samples must be >= 1"
  opName <- str o "op"
  mode <- fromMaybe "oneshot" <$> strField o "mode"
  op <- case opName of
    "noop" -> pure (Op (Pure id (1 :: Word8)) id (const (Right [])))
    "digest" -> do
      (adapter, alg) <- target ctx o "digest"
      unless (mode `elem` infoModes (adapterInfo adapter)) $
        unsupported (infoId (adapterInfo adapter) <> " has no mode " <> mode)
      digestOp o mode adapter alg
    _ -> do
      unless (mode == "oneshot") $ unsupported ("mode " <> mode <> " applies to digests only")
      case opName of
        "derive" -> target ctx o "derive" >>= uncurry (deriveOp cat o)
        "hash" -> encodedOp <$> (target ctx o "hash" >>= uncurry (hashRun cat o))
        "verify" -> fst <$> (target ctx o "verify" >>= uncurry (verifyOp cat o))
        "hash_verify" -> do
          (adapter, alg) <- target ctx o "hash"
          unless ("verify" `elem` infoOps (adapterInfo adapter)) $ unsupported "no verify"
          r <- hashRun cat o adapter alg
          vf <- adapterVerify adapter alg
          pw <- password o
          let act = do
                e <- runOnce r (either (const 0) headByte)
                pure $ case e of
                  Left err -> Left err
                  Right enc -> fmap (enc,) (vf pw enc)
              sink = either (const 0) (fromIntegral . fromEnum . snd)
              render = fmap (\(enc, v) -> [("encoded", String (TE.decodeLatin1 enc)), ("valid", Bool v)])
          pure (Op (Effect act) sink render)
        _ -> unsupported ("unknown bench op " <> opName)
  warm <- boolField o "warm" True
  wantAlloc <- boolField o "alloc" True
  case op of
    Op r sink render -> do
      -- once untimed (unless the request says warm: false): a failing op fails the
      -- request here. Without it the loop starts from a placeholder it never reads:
      -- iters and samples are at least 1, so every result it keeps is a real one.
      first <-
        if warm
          then runOnce r sink
          else pure (error "bench: the untimed run was skipped")
      when warm $ either throwIO (const (pure ())) (render first)
      (ns, acc, lastR) <- timeSamples r sink iters samples first
      fields <- either throwIO pure (render lastR)
      alloc <- if wantAlloc then allocPerOp r sink (min iters 1000) lastR else pure Nothing
      rss <- peakRssBytes
      pure $
        [ ("samples_ns", Array (foldr (\n a -> pure (Number (fromIntegral n)) <> a) mempty ns))
        , ("iters", Number (fromIntegral iters))
        , ("check", String (hexText (BS.singleton acc)))
        ]
          <> fields
          <> maybe [] (\a -> [("alloc_bytes_per_op", Number (fromFloatDigits a))]) alloc
          <> [("peak_rss_bytes", Number (fromIntegral rss))]
