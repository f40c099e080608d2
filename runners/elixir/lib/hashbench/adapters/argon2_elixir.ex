defmodule Hashbench.Adapters.Argon2Elixir do
  @moduledoc """
  argon2_elixir (`Argon2`), what Comeonin recommends: `Argon2.hash_pwd_salt(password,
  opts)` with its own salt, `Argon2.Base.hash_password(password, salt, opts)` with a
  given one (`format: :raw_hash` gives the raw tag, as hex), `Argon2.verify_pass/2`. The
  NIF compiles the reference code (portable ref.c) and runs as a dirty CPU-bound NIF; its
  lanes run on threads (context.threads = parallelism). m_cost is log2 of the KiB, so m
  must be a power of two; the version is always 19; no secret or associated data.
  """

  # built from the Hex mirror when it is there (build.sh); without it the runner
  # compiles all the same and says the library is unavailable
  @compile {:no_warn_undefined, [Argon2, Argon2.Base]}
  use Hashbench.Adapter
  import Bitwise

  @types %{"argon2d" => 0, "argon2i" => 1, "argon2id" => 2}

  @impl true
  def info do
    %{
      id: "elixir/argon2_elixir",
      version: Hashbench.Adapter.version(:argon2_elixir),
      needs: Argon2,
      ops: ~w(derive hash verify bench),
      encoding: "phc",
      defaults: true,
      notes:
        "Argon2.hash_pwd_salt / Base.hash_password / verify_pass; reference C (ref.c) NIF on a dirty CPU " <>
          "scheduler, lanes on threads; m a power of two (m_cost = log2 KiB); version 19 only; " <>
          "defaults argon2id t_cost 3, m_cost 16 (64 MiB), parallelism 4"
    }
  end

  defp opts(alg, %{"m" => m, "t" => t, "p" => p, "version" => version}, length) do
    cond do
      version != 19 ->
        raise Error.unsupported("argon2_elixir has version 19 only")

      m < 1 or band(m, m - 1) != 0 ->
        raise Error.unsupported("argon2_elixir takes m_cost as log2 of the KiB: m=#{m} is not a power of two")

      true ->
        [t_cost: t, m_cost: trunc(:math.log2(m)), parallelism: p, hashlen: length, argon2_type: @types[alg]]
    end
  end

  @impl true
  def deriver(alg, password, salt, params, length, extra) do
    Hashbench.Adapter.no_secret(info().id, extra)
    opts = [{:format, :raw_hash} | opts(alg, params, length)]
    fn -> Base.decode16!(Argon2.Base.hash_password(password, salt, opts), case: :lower) end
  end

  @impl true
  def hasher(alg, password, nil, params, length) do
    opts = opts(alg, params, length)
    fn -> Argon2.hash_pwd_salt(password, opts) end
  end

  def hasher(alg, password, salt, params, length) do
    opts = opts(alg, params, length)
    fn -> Argon2.Base.hash_password(password, salt, opts) end
  end

  # Argon2.hash_pwd_salt(password) for argon2id; the other types change only :argon2_type.
  @impl true
  def default_hasher("argon2id", password), do: fn -> Argon2.hash_pwd_salt(password) end

  def default_hasher(alg, password) do
    type = @types[alg]
    fn -> Argon2.hash_pwd_salt(password, argon2_type: type) end
  end

  @impl true
  def verifier(_alg) do
    fn password, encoded, _params ->
      try do
        Argon2.verify_pass(password, encoded)
      rescue
        e in ArgumentError -> raise Error.invalid_input("argon2_elixir refused the hash: #{e.message}")
      end
    end
  end

  @impl true
  def translate(%ArgumentError{message: message}),
    do: Error.invalid_params("argon2_elixir refused: #{String.slice(message, 0, 200)}")

  def translate(_), do: nil
end
