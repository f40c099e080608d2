{-# LANGUAGE BangPatterns #-}
{-# OPTIONS_GHC -fno-full-laziness -fno-cse #-}

-- | The timed loop. Built without full laziness or CSE (as criterion's own loop is), so
-- that @f x@ in a 'Pure' op is computed afresh on every iteration and never shared.
module Hashbench.Bench
  ( runOnce
  , timeSamples
  , allocPerOp
  , peakRssBytes
  , clockResolutionNs
  , pattern251
  ) where

import Control.Exception (evaluate)
import Data.Bits (xor)
import qualified Data.ByteString as BS
import Data.Int (Int64)
import Data.Word (Word64, Word8)
import Foreign.C.Types (CInt (..), CLong)
import Foreign.Marshal.Alloc (allocaBytes)
import Foreign.Ptr (Ptr)
import Foreign.Storable (peekByteOff)
import GHC.Clock (getMonotonicTimeNSec)
import GHC.Stats (RTSStats (..), getRTSStats, getRTSStatsEnabled)
import System.Mem (performMinorGC)

import Hashbench.Types

-- | Run an op once and force its result through the sink byte.
{-# NOINLINE runOnce #-}
runOnce :: Run r -> (r -> Word8) -> IO r
runOnce (Pure f x) sink = do
  r <- evaluate (f x)
  _ <- evaluate (sink r)
  pure r
runOnce (Effect act) sink = do
  r <- act
  _ <- evaluate (sink r)
  pure r

-- | @iters@ calls, every output's sink byte XORed into the accumulator; returns the
-- accumulator and the last result.
{-# NOINLINE loop #-}
loop :: Run r -> (r -> Word8) -> Int -> Word8 -> r -> IO (Word8, r)
loop (Pure f x) sink = go
  where
    go 0 !acc r = pure (acc, r)
    go n !acc _ = do
      let !r = f x
          !b = sink r
      go (n - 1) (acc `xor` b) r
loop (Effect act) sink = go
  where
    go 0 !acc r = pure (acc, r)
    go n !acc _ = do
      r <- act
      let !b = sink r
      go (n - 1) (acc `xor` b) r

{- HLINT ignore timeSamples "Eta reduce" -} -- first is named for its comment

-- | Each sample: read the monotonic clock, run the op @iters@ times, read the clock.
-- @first@ is the result of the untimed run made before.
timeSamples :: Run r -> (r -> Word8) -> Int -> Int -> r -> IO ([Word64], Word8, r)
timeSamples run sink iters samples first = go samples [] 0 first
  where
    go 0 acc s r = pure (reverse acc, s, r)
    go k acc s r = do
      t0 <- getMonotonicTimeNSec
      (s', r') <- loop run sink iters s r
      t1 <- getMonotonicTimeNSec
      let !d = t1 - t0
      go (k - 1) (d : acc) s' r'

-- | Bytes the Haskell heap allocated per op (GHC.Stats allocated_bytes, exact when
-- bracketed by GCs; needs +RTS -T, linked in with -with-rtsopts=-T), in an untimed pass
-- of @n@ ops. Memory that C code mallocs itself is not counted.
allocPerOp :: Run r -> (r -> Word8) -> Int -> r -> IO (Maybe Double)
allocPerOp run sink n first = do
  enabled <- getRTSStatsEnabled
  if not enabled
    then pure Nothing
    else do
      base <- measure 0
      total <- measure n
      -- in Integer: the counts are Word64, and an op that allocates less than the
      -- bracket's own noise would wrap the difference round to 2^64
      pure (Just (fromIntegral (max 0 (toInteger total - toInteger base)) / fromIntegral n))
  where
    -- the bracket's own allocation (GC calls, the stats records) is measured with 0 ops
    -- and subtracted
    measure k = do
      performMinorGC
      s0 <- getRTSStats
      _ <- loop run sink k 0 first
      performMinorGC
      s1 <- getRTSStats
      pure (allocated_bytes s1 - allocated_bytes s0)

foreign import ccall unsafe "getrusage" c_getrusage :: CInt -> Ptr () -> IO CInt

foreign import ccall unsafe "clock_getres" c_clock_getres :: CInt -> Ptr () -> IO CInt

-- | getrusage(RUSAGE_SELF).ru_maxrss * 1024 (ru_maxrss follows two struct timevals).
peakRssBytes :: IO Int64
peakRssBytes = allocaBytes 144 $ \p -> do
  _ <- c_getrusage 0 p
  kib <- peekByteOff p 32 :: IO CLong
  pure (fromIntegral kib * 1024)

-- | clock_getres(CLOCK_MONOTONIC), the clock GHC.Clock reads on Linux.
clockResolutionNs :: IO Int64
clockResolutionNs = allocaBytes 16 $ \p -> do
  _ <- c_clock_getres 1 p
  secs <- peekByteOff p 0 :: IO CLong
  nsecs <- peekByteOff p 8 :: IO CLong
  pure (max 1 (fromIntegral secs * 1000000000 + fromIntegral nsecs))

-- | Digest input of @n@ bytes: byte i = i mod 251.
pattern251 :: Int -> BS.ByteString
pattern251 n = BS.pack (take n (cycle [0 .. 250]))

