defmodule Hashbench.Request do
  @moduledoc "Typed access to a decoded request's fields; a wrong type is a `protocol` error."
  alias Hashbench.Error

  def str(req, name, default \\ nil) do
    case Map.get(req, name) do
      nil when default != nil -> default
      value when is_binary(value) -> value
      _ -> raise Error.protocol("#{name} must be a string")
    end
  end

  def int(req, name, default \\ nil) do
    case Map.get(req, name, default) do
      value when is_integer(value) -> value
      _ -> raise Error.protocol("#{name} must be an integer")
    end
  end

  def bool(req, name, default) do
    case Map.get(req, name, default) do
      value when is_boolean(value) -> value
      _ -> raise Error.protocol("#{name} must be true or false")
    end
  end

  @doc "A hex field as bytes; nil when absent (a required one raises)."
  def hex(req, name, required \\ false) do
    case Map.get(req, name) do
      nil when required ->
        raise Error.protocol("#{name} is required (hex)")

      nil ->
        nil

      value when is_binary(value) ->
        case Base.decode16(value, case: :mixed) do
          {:ok, bytes} -> bytes
          :error -> raise Error.protocol("#{name} is not valid hex")
        end

      _ ->
        raise Error.protocol("#{name} must be a hex string")
    end
  end

  def params(req) do
    case Map.get(req, "params") do
      nil -> %{}
      value when is_map(value) -> value
      _ -> raise Error.protocol("params must be an object")
    end
  end

  def has?(req, name), do: Map.get(req, name) != nil
end
