{-# LANGUAGE OverloadedStrings #-}

-- | Hackage @libsodium@ 1.0.18.2 ("Libsodium"): c2hs bindings to the whole libsodium
-- C API, called as C is: crypto_pwhash (argon2id, argon2i raw output),
-- crypto_pwhash_str / crypto_pwhash_argon2i_str / crypto_pwhash_str_verify (PHC strings,
-- own salt, 32-byte tag), crypto_pwhash_scryptsalsa208sha256_ll (scrypt raw output at any
-- N, r, p) and crypto_pwhash_scryptsalsa208sha256_str ($7$ strings: libsodium picks N,
-- r, p from opslimit and memlimit, see "Hashbench.Adapter.SodiumLimits"), and
-- crypto_hash_sha256 / crypto_hash_sha512 / crypto_generichash with their
-- init/update/final states (new: a state per op; reset: one state, initialised again).
module Hashbench.Adapter.Libsodium (adapter) where

import Control.Monad (void, when)
import Data.ByteString (ByteString)
import Data.Maybe (isJust)
import qualified Data.ByteString as BS
import qualified Data.ByteString.Internal as BSI
import qualified Data.ByteString.Unsafe as BSU
import qualified Data.Map.Strict as M
import Data.Text (Text)
import Foreign.C.String (CString)
import Foreign.C.Types (CChar, CInt, CUChar, CULLong)
import Foreign.Marshal.Alloc (allocaBytes)
import Foreign.Ptr (Ptr, castPtr, nullPtr)
import qualified Libsodium as Na
import System.IO.Unsafe (unsafeDupablePerformIO)

import Hashbench.Adapter.SodiumLimits
import Hashbench.Reply (bytesOp)
import Hashbench.Types

impl :: Text
impl = "haskell/libsodium"

adapter :: Adapter
adapter =
  Adapter
    { adapterInfo =
        Info
          { infoId = impl
          , infoVersion = "1.0.18.2 (system libsodium)"
          , infoOps = ["derive", "hash", "verify", "digest", "bench"]
          , infoModes = ["oneshot", "new", "reset"]
          , infoEncoding = Just "phc"
          , infoNotes = "the C API through c2hs: argon2 with p=1, v=19, 16-byte salt, tag >= 16; *_str make their own salt and a 32-byte tag; scrypt raw at any N, r, p (_ll), $7$ strings at r=8, p=1, N>=1024 only (libsodium picks N, r, p)"
          }
    , adapterDerive = derive
    , adapterHash = hash
    , adapterDefaults = Just defaults
    , adapterVerify = verify
    , adapterDigest = digest
    }

-- | The password and a buffer for crypto_pwhash's C types.
withPassword :: ByteString -> (Ptr CChar -> CULLong -> IO a) -> IO a
withPassword pw f = BSU.unsafeUseAsCStringLen pw (\(p, n) -> f p (fromIntegral n))

-- | Output of n bytes from a call returning 0 on success.
output :: Int -> (Ptr CUChar -> IO CInt) -> IO (Either RunnerError ByteString)
output n call = do
  (rc, out) <- createWith n (call . castPtr)
  pure (if rc == 0 then Right out else Left (RunnerError InvalidParams "libsodium refused the parameters (-1)"))

createWith :: Int -> (Ptr a -> IO r) -> IO (r, ByteString)
createWith n f = do
  fp <- BSI.mallocByteString n
  r <- BSI.unsafeWithForeignPtr fp (f . castPtr)
  pure (r, BSI.fromForeignPtr fp 0 n)

algId :: Text -> CInt
algId "argon2i" = Na.crypto_pwhash_alg_argon2i13
algId _ = Na.crypto_pwhash_alg_argon2id13

derive :: Text -> Params -> ByteString -> ByteString -> Int -> IO Op
derive "scrypt" p pw salt len =
  pure . bytesOp . Effect $
    BSU.unsafeUseAsCStringLen pw $ \(ppw, npw) ->
      BSU.unsafeUseAsCStringLen salt $ \(ps, ns) ->
        output len $ \out ->
          Na.crypto_pwhash_scryptsalsa208sha256_ll
            (castPtr ppw) (fromIntegral npw) (castPtr ps) (fromIntegral ns)
            (fromIntegral (p M.! "n")) (fromIntegral (p M.! "r")) (fromIntegral (p M.! "p"))
            (castPtr out) (fromIntegral len)
derive alg p pw salt len = do
  (ops, mem) <- argon2Limits impl alg p
  argon2Salt salt
  argon2Length len
  pure . bytesOp . Effect $
    withPassword pw $ \ppw npw ->
      BSU.unsafeUseAsCString salt $ \ps ->
        output len $ \out ->
          Na.crypto_pwhash out (fromIntegral len) ppw npw (castPtr ps) (fromIntegral ops) (fromIntegral mem) (algId alg)

-- | A string function's result: the NUL-terminated text in a buffer of n bytes.
strOutput :: Int -> (CString -> IO CInt) -> IO (Either RunnerError ByteString)
strOutput n call =
  allocaBytes n $ \buf -> do
    rc <- call buf
    if rc == 0
      then Right <$> BS.packCString buf
      else pure (Left (RunnerError InvalidParams "libsodium refused the parameters (-1)"))

strFor :: Text -> ByteString -> Int -> Int -> IO (Either RunnerError ByteString)
strFor alg pw ops mem = withPassword pw $ \ppw npw -> case alg of
  "argon2i" -> strOutput 128 (\out -> Na.crypto_pwhash_argon2i_str out ppw npw (fromIntegral ops) (fromIntegral mem))
  "scrypt" -> strOutput 102 (\out -> Na.crypto_pwhash_scryptsalsa208sha256_str out ppw npw (fromIntegral ops) (fromIntegral mem))
  _ -> strOutput 128 (\out -> Na.crypto_pwhash_str out ppw npw (fromIntegral ops) (fromIntegral mem))

hash :: Text -> Params -> ByteString -> Maybe ByteString -> Int -> IO (Run (Either RunnerError ByteString))
hash alg p pw salt len = do
  (ops, mem) <- if alg == "scrypt" then scryptStrLimits p else argon2Limits impl alg p
  when (isJust salt) (unsupported "libsodium's *_str functions make their own salt")
  when (len /= 32) (unsupported "libsodium's *_str functions make a 32-byte tag only")
  pure (Effect (strFor alg pw ops mem >>= checkScrypt alg p))

-- | libsodium's $7$ string must hold the N, r, p asked for (its pickparams chose them).
checkScrypt :: Text -> Params -> Either RunnerError ByteString -> IO (Either RunnerError ByteString)
checkScrypt "scrypt" p (Right enc)
  | BS.take 4 enc /= BS.pack [36, 55, 36, fromIntegral (fromEnum (itoa64 !! log2 (p M.! "n")))] =
      pure (Left (RunnerError LibraryError "libsodium chose another N than the one asked for"))
  where
    itoa64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" :: String
    log2 n = length (takeWhile (< n) (iterate (* 2) 1))
checkScrypt _ _ r = pure r

-- | The interactive limits (crypto_pwhash_OPSLIMIT_INTERACTIVE, _MEMLIMIT_INTERACTIVE),
-- which libsodium's documentation gives for interactive logins.
defaults :: Text -> ByteString -> IO (Run (Either RunnerError ByteString))
defaults alg pw = pure . Effect $ case alg of
  "argon2i" -> strFor alg pw (fromIntegral Na.crypto_pwhash_argon2i_opslimit_interactive) (fromIntegral Na.crypto_pwhash_argon2i_memlimit_interactive)
  "scrypt" -> strFor alg pw (fromIntegral Na.crypto_pwhash_scryptsalsa208sha256_opslimit_interactive) (fromIntegral Na.crypto_pwhash_scryptsalsa208sha256_memlimit_interactive)
  _ -> strFor alg pw (fromIntegral Na.crypto_pwhash_opslimit_interactive) (fromIntegral Na.crypto_pwhash_memlimit_interactive)

-- | crypto_pwhash_str_verify answers -1 alike for a wrong password and a malformed
-- string, so both are @valid: false@.
verify :: Text -> IO Verifier
verify alg = pure $ \pw enc ->
  version19 enc >> (Right . (== 0) . unsafeDupablePerformIO $
    BS.useAsCString enc $ \penc ->
      withPassword pw $ \ppw npw -> case alg of
        "scrypt" -> Na.crypto_pwhash_scryptsalsa208sha256_str_verify penc ppw npw
        _ -> Na.crypto_pwhash_str_verify penc ppw npw)

digest :: Text -> Text -> ByteString -> IO Op
digest alg mode input = case (alg, mode) of
  ("sha256", "oneshot") -> oneshot 32 Na.crypto_hash_sha256
  ("sha512", "oneshot") -> oneshot 64 Na.crypto_hash_sha512
  ("blake2b-512", "oneshot") -> oneshot 64 (\out p n -> Na.crypto_generichash out 64 p n nullPtr 0)
  ("sha256", "new") -> fresh Na.crypto_hash_sha256_state'malloc Na.crypto_hash_sha256_state'ptr sha256
  ("sha512", "new") -> fresh Na.crypto_hash_sha512_state'malloc Na.crypto_hash_sha512_state'ptr sha512
  ("blake2b-512", "new") -> fresh Na.crypto_generichash_blake2b_state'malloc Na.crypto_generichash_blake2b_state'ptr blake2b
  ("sha256", "reset") -> reuse Na.crypto_hash_sha256_state'malloc Na.crypto_hash_sha256_state'ptr sha256
  ("sha512", "reset") -> reuse Na.crypto_hash_sha512_state'malloc Na.crypto_hash_sha512_state'ptr sha512
  ("blake2b-512", "reset") -> reuse Na.crypto_generichash_blake2b_state'malloc Na.crypto_generichash_blake2b_state'ptr blake2b
  _ -> unsupported (impl <> " has no " <> mode <> " digest of " <> alg)
  where
    withInput f = BSU.unsafeUseAsCStringLen input (\(p, n) -> f (castPtr p) (fromIntegral n))
    oneshot n call = pure . bytesOp . Effect $ withInput (\p len -> Right . snd <$> createWith n (\out -> void (call out p len)))
    -- (init, update, final) on a state, and the digest length
    sha256 = (void . Na.crypto_hash_sha256_init, \s p n -> void (Na.crypto_hash_sha256_update s p n), \s out -> void (Na.crypto_hash_sha256_final s out), 32)
    sha512 = (void . Na.crypto_hash_sha512_init, \s p n -> void (Na.crypto_hash_sha512_update s p n), \s out -> void (Na.crypto_hash_sha512_final s out), 64)
    blake2b = (\s -> void (Na.crypto_generichash_blake2b_init s nullPtr 0 64), \s p n -> void (Na.crypto_generichash_blake2b_update s p n), \s out -> void (Na.crypto_generichash_blake2b_final s out 64), 64 :: Int)
    run withState (start, update, final, n) st =
      withState st $ \s -> do
        _ <- start s
        _ <- withInput (update s)
        Right . snd <$> createWith n (final s)
    fresh alloc withState fns = pure . bytesOp . Effect $ alloc >>= run withState fns
    reuse alloc withState fns = do
      st <- alloc
      pure . bytesOp . Effect $ run withState fns st

