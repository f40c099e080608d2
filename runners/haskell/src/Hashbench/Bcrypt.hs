-- | Where bcrypt libraries with OpenBSD semantics and crypt_blowfish (glibc/libxcrypt,
-- PHP: the reference for $2a$/$2x$/$2y$) disagree. crypt_blowfish's BF_set_key gives
-- $2a$ a countermeasure: one bit of the initial state flips for a password whose bytes
-- >= 0x80 were sign-extended by the pre-2011 bug but left every key word unchanged.
-- A library that reads $2a$ as $2b$ cannot compute that hash. Not a hash: this only
-- decides when to reply @unsupported@ instead of a divergent answer.
module Hashbench.Bcrypt (blowfish2aCountermeasure) where

import Data.Bits (shiftL, xor, (.&.), (.|.))
import qualified Data.ByteString as BS
import Data.List (foldl')
import Data.Word (Word32)

-- | The key loop of BF_set_key over the password as a C string (cycled with its NUL):
-- True when the $2a$ countermeasure applies.
blowfish2aCountermeasure :: BS.ByteString -> Bool
blowfish2aCountermeasure password = sign /= 0 && diff == 0
  where
    key = BS.takeWhile (/= 0) password
    byteAt p = if p < BS.length key then BS.index key p else 0
    (sign, diff, _) = foldl' keyWord (0 :: Word32, 0 :: Word32, 0 :: Int) [1 .. 18 :: Int]
    keyWord (s, d, p0) _ =
      let (correct, buggy, s', p') = foldl' step (0, 0, s, p0) [0 .. 3 :: Int]
       in (s', d .|. (correct `xor` buggy), p')
    step (correct, buggy, s, p) j =
      let c = byteAt p
          correct' = (correct `shiftL` 8) .|. fromIntegral c :: Word32
          extended = if c > 0x7f then fromIntegral c .|. 0xffffff00 else fromIntegral c
          buggy' = (buggy `shiftL` 8) .|. extended :: Word32
          s' = if j > 0 then s .|. (buggy' .&. 0x80) else s
          p' = if c == 0 then 0 else p + 1
       in (correct', buggy', s', p')
