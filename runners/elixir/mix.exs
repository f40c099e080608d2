defmodule HashbenchRunner.OfflineSCM do
  @moduledoc """
  Hex cannot be reached from this machine, and Mix refuses to read a package's mix.exs
  whose dependencies are given by version only (Hex's) while Hex is not installed. This
  SCM accepts such a dependency so that Mix can read the mirrored packages' own mix.exs;
  each of them is either overridden by a path dependency of this project (comeonin,
  elixir_make) or only for :dev (ex_doc, dialyxir), so nothing is ever fetched.
  """
  @behaviour Mix.SCM
  @impl true
  def fetchable?, do: false
  @impl true
  def format(_opts), do: "Hex (unreachable; overridden or unused)"
  @impl true
  def format_lock(_opts), do: nil
  @impl true
  def accepts_options(_app, opts), do: if(opts[:path] || opts[:git], do: nil, else: opts)
  @impl true
  def checked_out?(_opts), do: false
  @impl true
  def lock_status(_opts), do: :ok
  @impl true
  def equal?(a, b), do: a == b
  @impl true
  def managers(_opts), do: []
  @impl true
  def checkout(_opts), do: Mix.raise("Hex is not reachable: give this dependency as a path dependency")
  @impl true
  def update(opts), do: checkout(opts)
end

unless Code.ensure_loaded?(Hex), do: Mix.SCM.append(HashbenchRunner.OfflineSCM)

defmodule HashbenchRunner.MixProject do
  use Mix.Project

  # Hex is not reachable from this machine: the Hex packages are built from the offline
  # mirror of their source (../shared/mirror/hex beside the repository, or the folder
  # HASHBENCH_HEX_MIRROR names), as path dependencies pinned to the versions below. Where
  # hex.pm is reachable, the same versions come from there (replace `path:` by the
  # version requirement).
  @mirror System.get_env("HASHBENCH_HEX_MIRROR") ||
            Path.expand("../../../shared/mirror/hex", __DIR__)

  def project do
    [
      app: :hashbench_runner,
      version: "0.1.0",
      elixir: "~> 1.14",
      start_permanent: false,
      deps: deps()
    ]
  end

  def application do
    [extra_applications: [:crypto, :jiffy, :logger]]
  end

  # A package whose source is not there is left out (build.sh says so), and so is its
  # adapter (Hashbench.Runner loads only adapters whose library module is there).
  defp deps do
    [
      {:bcrypt_elixir, "3.3.2", path: "#{@mirror}/bcrypt_elixir"},
      {:argon2_elixir, "4.1.3", path: "#{@mirror}/argon2_elixir"},
      {:pbkdf2_elixir, "2.3.1", path: "#{@mirror}/pbkdf2_elixir"},
      {:comeonin, "5.5.1", path: "#{@mirror}/comeonin", override: true},
      {:elixir_make, "0.9.0", path: "#{@mirror}/elixir_make", override: true, runtime: false}
    ]
    |> Enum.filter(fn {_name, _version, opts} -> File.exists?(Path.join(opts[:path], "mix.exs")) end)
  end
end
