defmodule Hashbench.Adapter do
  @moduledoc """
  One library. An adapter module says what the hello says of it (`info/0`: id, version,
  ops, modes, encoding, notes, defaults) and overrides what its library offers; each
  callback returns a prepared call, a function of no arguments making exactly the call a
  user writes, so the timed loop calls it `iters` times with nothing in between.
  Parameters arrive checked against the catalog, its defaults filled in. Whatever is not
  overridden is `unsupported`. The library name, backend and algorithms come from the
  catalog row.
  """
  alias Hashbench.Error

  @type params :: %{String.t() => integer}
  @callback info() :: map
  @callback deriver(String.t(), binary, binary, params, integer, keyword) :: (() -> binary)
  @callback hasher(String.t(), binary, binary | nil, params, integer) :: (() -> binary)
  @callback default_hasher(String.t(), binary) :: (() -> binary)
  @callback verifier(String.t()) :: (binary, binary, map -> boolean)
  @callback digester(String.t(), String.t(), binary) :: (() -> binary)
  @callback translate(Exception.t()) :: Error.t() | nil

  defmacro __using__(_) do
    quote do
      @behaviour Hashbench.Adapter
      alias Hashbench.Error

      @impl true
      def deriver(_alg, _pw, _salt, _params, _len, _opts),
        do: raise(Error.unsupported("#{info().id} has no derive"))

      @impl true
      def hasher(_alg, _pw, _salt, _params, _len),
        do: raise(Error.unsupported("#{info().id} has no hash"))

      @impl true
      def default_hasher(_alg, _pw),
        do: raise(Error.unsupported("#{info().id} has no hash call without parameters"))

      @impl true
      def verifier(_alg), do: raise(Error.unsupported("#{info().id} has no verify"))

      @impl true
      def digester(alg, mode, _input),
        do: raise(Error.unsupported("#{info().id} has no #{mode} digest of #{alg}"))

      @impl true
      def translate(_error), do: nil

      defoverridable deriver: 6, hasher: 5, default_hasher: 2, verifier: 1, digester: 3, translate: 1
    end
  end

  @doc "Refuses a secret or associated data the library cannot take."
  def no_secret(id, opts) do
    if (opts[:secret] || "") != "" or (opts[:ad] || "") != "" do
      raise Error.unsupported("#{id} takes no secret or associated data")
    end
  end

  def version(app), do: app |> Application.spec(:vsn) |> to_string()
end
