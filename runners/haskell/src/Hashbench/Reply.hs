{-# LANGUAGE OverloadedStrings #-}

-- | Hex and reply helpers shared by adapters.
module Hashbench.Reply
  ( hexValue
  , hexText
  , unhex
  , headByte
  , bytesOp
  , encodedOp
  ) where

import Data.Aeson (Value (..))
import Data.ByteArray.Encoding (Base (Base16), convertFromBase, convertToBase)
import Data.ByteString (ByteString)
import qualified Data.ByteString as BS
import qualified Data.ByteString.Unsafe as BSU
import Data.Text (Text)
import qualified Data.Text.Encoding as TE
import Data.Word (Word8)

import Hashbench.Types

hexText :: ByteString -> Text
hexText bs = TE.decodeLatin1 (convertToBase Base16 bs)

hexValue :: ByteString -> Value
hexValue = String . hexText

unhex :: Text -> Either String ByteString
unhex = convertFromBase Base16 . TE.encodeUtf8

headByte :: ByteString -> Word8
headByte bs = if BS.null bs then 0 else BSU.unsafeHead bs

sinkEither :: Either RunnerError ByteString -> Word8
sinkEither = either (const 0) headByte

-- | An op whose result is raw bytes (derive).
bytesOp :: Run (Either RunnerError ByteString) -> Op
bytesOp run = Op run sinkEither (fmap (\out -> [("output", hexValue out)]))

-- | An op whose result is an encoded string (hash).
encodedOp :: Run (Either RunnerError ByteString) -> Op
encodedOp run = Op run sinkEither (fmap (\enc -> [("encoded", String (TE.decodeLatin1 enc))]))
