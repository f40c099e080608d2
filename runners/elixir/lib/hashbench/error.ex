defmodule Hashbench.Error do
  @moduledoc """
  A failure that becomes an error reply (docs/protocol.md, "Errors"); `kind` is the
  protocol's error kind as a string.
  """
  defexception [:kind, :message]

  def protocol(message), do: %__MODULE__{kind: "protocol", message: message}
  def unsupported(message), do: %__MODULE__{kind: "unsupported", message: message}
  def invalid_params(message), do: %__MODULE__{kind: "invalid_params", message: message}
  def invalid_input(message), do: %__MODULE__{kind: "invalid_input", message: message}
  def library_error(message), do: %__MODULE__{kind: "library_error", message: message}
end
