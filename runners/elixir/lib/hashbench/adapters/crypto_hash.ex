defmodule Hashbench.Adapters.CryptoHash do
  @moduledoc """
  Erlang's `:crypto` digests over the system OpenSSL: `:crypto.hash(type, data)`
  (oneshot) and `:crypto.hash_init/1`, `hash_update/2`, `hash_final/1` (new). A hash
  state cannot be reset, so there is no reset mode.
  """
  use Hashbench.Adapter

  @types %{
    "md5" => :md5,
    "sha1" => :sha,
    "sha256" => :sha256,
    "sha512" => :sha512,
    "sha3-256" => :sha3_256,
    "blake2b-512" => :blake2b,
    "blake2s-256" => :blake2s
  }

  @impl true
  def info do
    %{
      id: "elixir/crypto-hash",
      version: Hashbench.Adapters.CryptoPbkdf2.crypto_version(),
      needs: :crypto,
      ops: ~w(digest bench),
      modes: ~w(oneshot new),
      notes: ":crypto.hash/2 and hash_init/update/final over OpenSSL's EVP; no reset"
    }
  end

  @impl true
  def digester(alg, "oneshot", input) do
    type = @types[alg]
    fn -> :crypto.hash(type, input) end
  end

  def digester(alg, "new", input) do
    type = @types[alg]
    fn -> type |> :crypto.hash_init() |> :crypto.hash_update(input) |> :crypto.hash_final() end
  end

  def digester(alg, mode, _input),
    do: raise(Error.unsupported("elixir/crypto-hash has no #{mode} digest of #{alg}"))
end
