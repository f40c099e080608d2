defmodule Hashbench.Catalog do
  @moduledoc """
  The compiled catalog (docs/protocol.md, "The catalog a runner reads"), read once at
  start-up and kept in :persistent_term: every algorithm's parameter schema and the
  implementations this runner serves. Every request is checked against it before a
  library sees its values; the runner keeps no table of its own.
  """
  alias Hashbench.Error

  @runner "elixir"

  def path do
    case System.get_env("HASHBENCH_CATALOG", "") do
      "" ->
        root =
          case System.get_env("HASHBENCH_ROOT", "") do
            "" -> Path.expand("../../../..", __DIR__)
            root -> root
          end

        Path.join([root, "build", "catalog.json"])

      named ->
        named
    end
  end

  @doc "Reads the catalog, or returns {:error, message} naming the file."
  def load do
    file = path()

    with {:ok, text} <- File.read(file),
         {:ok, %{"catalog" => 1, "algorithms" => algs, "runners" => runners}}
         when is_map(algs) and is_map(runners) <- decode(text) do
      :persistent_term.put(__MODULE__, {algs, Map.get(runners, @runner, %{})})
      :ok
    else
      {:error, reason} when is_atom(reason) ->
        {:error, "cannot read the compiled catalog #{file}: #{:file.format_error(reason)}"}

      _ ->
        {:error, "#{file} is not a compiled catalog of format 1 (run hashbench build)"}
    end
  end

  defp decode(text) do
    {:ok, :jiffy.decode(text, [:return_maps, {:null_term, nil}])}
  catch
    _, _ -> :malformed
  end

  @doc "id => %{\"library\", \"backend\", \"algorithms\"}"
  def served, do: elem(:persistent_term.get(__MODULE__), 1)

  def spec(alg) do
    case Map.fetch(elem(:persistent_term.get(__MODULE__), 0), alg) do
      {:ok, spec} -> spec
      :error -> raise Error.unsupported("unknown algorithm #{alg}")
    end
  end

  def digest?(alg), do: spec(alg)["kind"] == "digest"

  @doc "The output length: the request's, else the protocol's default (scrypt derive: 64)."
  def length(alg, op, value, check) do
    case {spec(alg)["length"], value} do
      {nil, _} ->
        0

      {rule, nil} ->
        if alg == "scrypt" and op == "derive", do: 64, else: rule["default"]

      {rule, n} when is_integer(n) ->
        if check and (n < rule["min"] or n > rule["max"]) do
          raise Error.invalid_params("length=#{n} outside #{rule["min"]}..#{rule["max"]} for #{alg}")
        end

        n

      _ ->
        raise Error.protocol("length must be an integer")
    end
  end

  @doc """
  Every parameter with its default filled in; out-of-range values refused unless the
  request is `unchecked` (fidelity probes hand them to the library as given).
  """
  def params(alg, given, check) do
    rules = spec(alg)["params"] || %{}

    case Map.keys(given) -- Map.keys(rules) do
      [] -> :ok
      unknown -> raise Error.invalid_params("unknown parameter(s) #{Enum.join(unknown, ", ")} for #{alg}")
    end

    full = Map.new(rules, fn {key, rule} -> {key, Map.get(given, key, rule["default"])} end)

    for {key, value} <- full, not is_integer(value) do
      raise Error.invalid_params("#{key}=#{inspect(value)} is not an integer")
    end

    if check, do: Enum.each(full, fn {key, value} -> check_one(alg, key, value, rules[key], full) end)
    full
  end

  defp check_one(alg, key, value, rule, full) do
    where = "#{key}=#{value}"

    if rule["choices"] && value not in rule["choices"] do
      raise Error.invalid_params("#{where}: must be one of #{Enum.join(rule["choices"], ", ")}")
    end

    if (rule["min"] && value < rule["min"]) || (rule["max"] && value > rule["max"]) do
      raise Error.invalid_params("#{where} outside #{rule["min"]}..#{rule["max"]} for #{alg}")
    end

    if rule["power_of_two"] && Bitwise.band(value, value - 1) != 0 do
      raise Error.invalid_params("#{where} is not a power of two")
    end

    case rule["min_per"] do
      %{"factor" => factor, "param" => other} when value < factor * :erlang.map_get(other, full) ->
        raise Error.invalid_params("#{where} below #{factor}*#{other}=#{factor * full[other]}")

      _ ->
        :ok
    end
  end

  def salt(_alg, nil), do: :ok

  def salt(alg, salt) do
    case spec(alg)["salt"] do
      nil ->
        :ok

      rule ->
        lo = Map.get(rule, "min", 0)
        hi = rule["max"]
        size = byte_size(salt)

        if size < lo or (hi != nil and size > hi) do
          raise Error.invalid_params("salt of #{size} bytes outside #{lo}..#{hi || "any"} for #{alg}")
        end

        :ok
    end
  end
end
