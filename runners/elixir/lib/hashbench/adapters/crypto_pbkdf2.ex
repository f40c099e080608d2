defmodule Hashbench.Adapters.CryptoPbkdf2 do
  @moduledoc """
  Erlang's `:crypto.pbkdf2_hmac(digest, password, salt, iterations, length)` (OTP 24.2+):
  one NIF call into OpenSSL's PKCS5_PBKDF2_HMAC, scheduled as a dirty CPU NIF when the
  iterations are many (crypto's own rule). Raw output only.
  """
  use Hashbench.Adapter

  @digests %{"pbkdf2-sha1" => :sha, "pbkdf2-sha256" => :sha256, "pbkdf2-sha512" => :sha512}

  @impl true
  def info do
    %{
      id: "elixir/crypto-pbkdf2",
      version: crypto_version(),
      needs: :crypto,
      ops: ~w(derive bench),
      notes: ":crypto.pbkdf2_hmac/5 over the system OpenSSL; raw output only"
    }
  end

  def crypto_version do
    "crypto #{Hashbench.Adapter.version(:crypto)} (#{:crypto.info_lib() |> hd() |> elem(2)})"
  end

  @impl true
  def deriver(alg, password, salt, %{"iterations" => n}, length, extra) do
    Hashbench.Adapter.no_secret(info().id, extra)
    digest = @digests[alg]
    fn -> :crypto.pbkdf2_hmac(digest, password, salt, n, length) end
  end
end
