defmodule Hashbench.Adapters.BcryptElixir do
  @moduledoc """
  bcrypt_elixir (`Bcrypt`), what `mix phx.gen.auth` generates on Unix:
  `Bcrypt.hash_pwd_salt(password, log_rounds: cost)` hashes with its own salt,
  `Bcrypt.verify_pass(password, hash)` checks. A given salt goes through the documented
  lower-level calls, `Bcrypt.Base.gensalt_nif(salt, cost, ?b)` and
  `Bcrypt.Base.hash_password/2`. The NIF is OpenBSD's bcrypt.c; hashing and checking are
  dirty CPU-bound NIFs. It emits `$2b$` and reads `$2a$` and `$2b$` only.
  """

  # built from the Hex mirror when it is there (build.sh); without it the runner
  # compiles all the same and says the library is unavailable
  @compile {:no_warn_undefined, [Bcrypt, Bcrypt.Base]}
  use Hashbench.Adapter

  @impl true
  def info do
    %{
      id: "elixir/bcrypt_elixir",
      version: Hashbench.Adapter.version(:bcrypt_elixir),
      needs: Bcrypt,
      ops: ~w(hash verify bench),
      encoding: "mcf",
      defaults: true,
      notes:
        "Bcrypt.hash_pwd_salt / verify_pass (Comeonin); OpenBSD bcrypt.c NIF on a dirty CPU scheduler; " <>
          "emits $2b$; default log_rounds 12 (config :bcrypt_elixir, :log_rounds)"
    }
  end

  @impl true
  def hasher(_alg, password, nil, %{"cost" => cost}, _length),
    do: fn -> Bcrypt.hash_pwd_salt(password, log_rounds: cost) end

  def hasher(_alg, password, salt, %{"cost" => cost}, _length) do
    fn -> Bcrypt.Base.hash_password(password, Bcrypt.Base.gensalt_nif(salt, cost, ?b)) end
  end

  # Phoenix's generated code calls hash_pwd_salt with no options: log_rounds 12.
  @impl true
  def default_hasher(_alg, password), do: fn -> Bcrypt.hash_pwd_salt(password) end

  @impl true
  def verifier(_alg), do: fn password, encoded, _params -> Bcrypt.verify_pass(password, encoded) end

  @impl true
  def translate(%ArgumentError{message: message}),
    do: Error.invalid_input("bcrypt_elixir refused: #{String.slice(message, 0, 200)}")

  def translate(_), do: nil
end
