{-# LANGUAGE OverloadedStrings #-}
{-# LANGUAGE ExistentialQuantification #-}

-- | Shared types: errors that become replies, timed operations, adapters.
module Hashbench.Types
  ( ErrorKind (..)
  , RunnerError (..)
  , unsupported
  , invalidParams
  , invalidInput
  , protocolError
  , Params
  , Run (..)
  , Op (..)
  , Verifier
  , Adapter (..)
  , Info (..)
  , noDerive
  , noHash
  , noVerify
  , noDigest
  ) where

import Control.Exception (Exception, throwIO)
import Data.Aeson (Value)
import Data.ByteString (ByteString)
import qualified Data.Map.Strict as M
import Data.Text (Text)
import Data.Word (Word8)

data ErrorKind = Protocol | Unsupported | InvalidParams | InvalidInput | LibraryError
  deriving (Eq, Show)

-- | A failure reported as an error reply (docs/protocol.md, "Errors").
data RunnerError = RunnerError !ErrorKind !Text
  deriving (Show)

instance Exception RunnerError

unsupported, invalidParams, invalidInput, protocolError :: Text -> IO a
unsupported = throwIO . RunnerError Unsupported
invalidParams = throwIO . RunnerError InvalidParams
invalidInput = throwIO . RunnerError InvalidInput
protocolError = throwIO . RunnerError Protocol

-- | Catalog parameters after validation, defaults filled in.
type Params = M.Map Text Int

-- | How one op is run by the timing loop. 'Pure' applies a function to its argument
-- afresh on every iteration (the loop lives in a module built without full laziness,
-- so the application is never shared); 'Effect' runs an IO action.
data Run r = forall a. Pure (a -> r) a | Effect (IO r)

-- | A timed operation: how to run it, one byte of its output for the sink (reading it
-- forces the whole result), and the reply fields for its result.
data Op = forall r. Op (Run r) (r -> Word8) (r -> Either RunnerError [(Text, Value)])

-- | password -> encoded -> valid (Left: the library rejected the encoded string).
type Verifier = ByteString -> ByteString -> Either RunnerError Bool

-- | What the hello says of an implementation beside the compiled catalog's library,
-- backend and algorithms for its id.
data Info = Info
  { infoId :: Text
  , infoVersion :: Text
  , infoOps :: [Text]
  , infoModes :: [Text]
  , infoEncoding :: Maybe Text
  , infoNotes :: Text
  }

-- | One library. Builders throw 'RunnerError' for what the library cannot express.
data Adapter = Adapter
  { adapterInfo :: Info
  , adapterDerive :: Text -> Params -> ByteString -> ByteString -> Int -> IO Op
  -- ^ alg, params, password, salt, length
  , adapterHash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
  -- ^ alg, params, password, salt (Nothing: the library's own), length; result: encoded
  , adapterDefaults :: Maybe (Text -> ByteString -> IO (Run (Either RunnerError ByteString)))
  -- ^ the call a user makes with no options (protocol "library defaults"): alg, password
  , adapterVerify :: Text -> IO Verifier
  , adapterDigest :: Text -> Text -> ByteString -> IO Op
  -- ^ alg, mode, input
  }

noDerive :: Text -> Text -> Params -> ByteString -> ByteString -> Int -> IO Op
noDerive impl _ _ _ _ _ = unsupported (impl <> " has no derive")

noHash :: Text -> Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
noHash impl _ _ _ _ _ = unsupported (impl <> " has no hash")

noVerify :: Text -> Text -> IO Verifier
noVerify impl _ = unsupported (impl <> " has no verify")

noDigest :: Text -> Text -> Text -> ByteString -> IO Op
noDigest impl _ _ _ = unsupported (impl <> " has no digest")
