defmodule Hashbench.Adapters.Pbkdf2Elixir do
  @moduledoc """
  pbkdf2_elixir (`Pbkdf2`), what `mix phx.gen.auth` generates on Windows: pure Elixir
  PBKDF2 whose every round is one `:crypto.mac(:hmac, ...)` call (OpenSSL's HMAC) and an
  `:crypto.exor`. `Pbkdf2.hash_pwd_salt(password, digest:, rounds:, length:)` makes the
  `$pbkdf2-<digest>$<rounds>$<salt>$<key>` string (adapted base64: `.` for `+`, no
  padding), `Pbkdf2.Base.hash_password(password, salt, opts)` takes a given salt
  (`format: :hex` gives the raw key, as hex), `Pbkdf2.verify_pass/2` checks. sha256 and
  sha512 only.
  """

  # built from the Hex mirror when it is there (build.sh); without it the runner
  # compiles all the same and says the library is unavailable
  @compile {:no_warn_undefined, [Pbkdf2, Pbkdf2.Base]}
  use Hashbench.Adapter

  @digests %{"pbkdf2-sha256" => :sha256, "pbkdf2-sha512" => :sha512}

  @impl true
  def info do
    %{
      id: "elixir/pbkdf2_elixir",
      version: Hashbench.Adapter.version(:pbkdf2_elixir),
      needs: Pbkdf2,
      ops: ~w(derive hash verify bench),
      encoding: "mcf",
      defaults: true,
      notes:
        "Pbkdf2.hash_pwd_salt / Base.hash_password / verify_pass; pure Elixir loop over :crypto.mac HMAC; " <>
          "$pbkdf2-sha512$ strings (adapted base64); defaults sha512, 160000 rounds, 16-byte salt"
    }
  end

  defp opts(alg, %{"iterations" => rounds}, length),
    do: [digest: @digests[alg], rounds: rounds, length: length]

  @impl true
  def deriver(alg, password, salt, params, length, extra) do
    Hashbench.Adapter.no_secret(info().id, extra)
    opts = [{:format, :hex} | opts(alg, params, length)]
    fn -> Base.decode16!(Pbkdf2.Base.hash_password(password, salt, opts), case: :lower) end
  end

  @impl true
  def hasher(alg, password, nil, params, length) do
    opts = opts(alg, params, length)
    fn -> Pbkdf2.hash_pwd_salt(password, opts) end
  end

  def hasher(alg, password, salt, params, length) do
    opts = opts(alg, params, length)
    fn -> Pbkdf2.Base.hash_password(password, salt, opts) end
  end

  # Pbkdf2.hash_pwd_salt(password): sha512, 160_000 rounds; pbkdf2-sha256 sets only :digest.
  @impl true
  def default_hasher("pbkdf2-sha512", password), do: fn -> Pbkdf2.hash_pwd_salt(password) end
  def default_hasher(_alg, password), do: fn -> Pbkdf2.hash_pwd_salt(password, digest: :sha256) end

  @impl true
  def verifier(_alg) do
    fn password, encoded, _params ->
      try do
        Pbkdf2.verify_pass(password, encoded)
      rescue
        e in [MatchError, ArgumentError, FunctionClauseError] ->
          raise Error.invalid_input(
                  "pbkdf2_elixir could not read the hash: #{Exception.message(e) |> String.slice(0, 120)}"
                )
      end
    end
  end

  @impl true
  def translate(%ArgumentError{message: message}),
    do: Error.invalid_params("pbkdf2_elixir refused: #{String.slice(message, 0, 200)}")

  def translate(_), do: nil
end
