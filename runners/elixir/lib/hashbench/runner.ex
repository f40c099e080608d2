defmodule Hashbench.Runner do
  @moduledoc """
  Runner protocol v1 (docs/protocol.md): the hello, then one JSON reply per request line,
  JSON through Debian's jiffy. Standard input and output are one port on file
  descriptors 0 and 1 (the VM runs with -noinput, so nothing else reads stdin), opened
  with `{:line, limit}`: a line over the 16 MiB limit arrives in pieces marked `:noeol`,
  which are counted and dropped, never kept (docs/protocol.md, "Line length"). Every
  failure is an error reply; the loop ends at `quit` or end of input.
  """
  import Bitwise, only: [<<<: 2]
  alias Hashbench.{Bench, Catalog, Error, Request}

  @max_line 16 * 1024 * 1024
  @max_samples 1_000_000
  @max_input 1 <<< 31
  @bench_ops ~w(digest derive hash verify hash_verify noop)
  @modes ~w(oneshot new reset)

  @adapters [
    Hashbench.Adapters.BcryptElixir,
    Hashbench.Adapters.Argon2Elixir,
    Hashbench.Adapters.Pbkdf2Elixir,
    Hashbench.Adapters.CryptoPbkdf2,
    Hashbench.Adapters.CryptoHash
  ]

  def main do
    # Replies own stdout: the VM's log lines (a notice at SIGTERM, say) go to stderr.
    Logger.configure_backend(:console, device: :standard_error)
    for app <- [:crypto, :comeonin, :bcrypt_elixir, :argon2_elixir, :pbkdf2_elixir], do: Application.load(app)

    case Catalog.load() do
      :ok ->
        serve()

      {:error, message} ->
        IO.puts(:stderr, "hashbench elixir runner: #{message}")
        System.halt(1)
    end
  end

  defp serve do
    port = Port.open({:fd, 0, 1}, [:binary, :eof, {:line, @max_line}])
    adapters = adapters()
    send_line(port, hello(adapters))
    read(port, adapters, nil)
    System.halt(0)
  end

  # `long` counts the bytes of a line over the limit, while its pieces arrive.
  defp read(port, adapters, long) do
    receive do
      {^port, {:data, {:noeol, piece}}} ->
        read(port, adapters, (long || 0) + byte_size(piece))

      {^port, {:data, {:eol, line}}} when long != nil ->
        message = "request line of #{long + byte_size(line)} bytes is over the limit of #{@max_line}"
        send_line(port, %{"id" => :null, "error" => %{"kind" => "protocol", "message" => message}})
        read(port, adapters, nil)

      {^port, {:data, {:eol, line}}} ->
        if String.trim(line) == "" do
          read(port, adapters, nil)
        else
          {reply, stop} = handle(line, adapters)
          send_line(port, reply)
          unless stop, do: read(port, adapters, nil)
        end

      {^port, :eof} ->
        :ok
    end
  end

  defp adapters do
    served = Catalog.served()

    for module <- @adapters,
        info = module.info(),
        Code.ensure_loaded?(info.needs),
        row = served[info.id],
        into: %{} do
      {info.id, {module, Map.merge(info, %{algorithms: row["algorithms"], row: row})}}
    end
  end

  defp hello(adapters) do
    resolution = max(1, div(1_000_000_000, :erlang.convert_time_unit(1, :second, :native)))

    %{
      "hello" => 1,
      "runner" => "elixir",
      "runtime" =>
        "Elixir #{System.version()} (Erlang/OTP #{System.otp_release()}, ERTS #{:erlang.system_info(:version)})",
      "timer" => %{"clock" => "erlang:monotonic_time (CLOCK_MONOTONIC)", "resolution_ns" => resolution},
      "implementations" => for({_id, {_m, info}} <- adapters, do: hello_entry(info))
    }
  end

  defp hello_entry(info) do
    %{
      "id" => info.id,
      "library" => info.row["library"],
      "version" => info.version,
      "backend" => info.row["backend"],
      "algorithms" => info.algorithms,
      "ops" => info.ops,
      "modes" => Map.get(info, :modes, []),
      "encoding" => Map.get(info, :encoding, :null),
      "alloc" => true,
      "defaults" => Map.get(info, :defaults, false),
      "unchecked" => true,
      "notes" => Map.get(info, :notes, "")
    }
  end

  defp send_line(port, obj), do: Port.command(port, [:jiffy.encode(obj), "\n"])

  defp handle(line, adapters) do
    {req, id} = decode(line)

    case Request.str(req, "cmd") do
      "quit" ->
        {%{"id" => id, "ok" => true}, true}

      cmd ->
        unless cmd in ~w(derive hash verify digest bench),
          do: raise(Error.unsupported("unknown cmd #{String.slice(cmd, 0, 40)}"))

        adapter = if Request.has?(req, "impl") or cmd != "bench", do: adapter_for(req, adapters)

        {Map.put(command(cmd, req, adapter), "id", id), false}
    end
  rescue
    e in Error -> {error(Process.get(:request_id), e), false}
    e -> {error(Process.get(:request_id), translate(e)), false}
  catch
    kind, reason ->
      {error(Process.get(:request_id), Error.library_error("#{kind}: #{inspect(reason, limit: 20)}")), false}
  end

  defp translate(e) do
    module = Process.get(:adapter_module)
    (module && module.translate(e)) || Error.library_error(Exception.message(e))
  end

  defp decode(line) do
    Process.put(:request_id, :null)
    Process.delete(:adapter_module)

    req =
      try do
        :jiffy.decode(line, [:return_maps, {:null_term, nil}])
      catch
        _, _ -> raise Error.protocol("not a JSON line")
      end

    unless is_map(req), do: raise(Error.protocol("a request must be a JSON object"))

    case Map.get(req, "id") do
      id when is_integer(id) ->
        Process.put(:request_id, id)
        {req, id}

      _ ->
        raise Error.protocol("id must be an integer")
    end
  end

  defp error(id, %Error{kind: kind, message: message}) do
    text = if String.valid?(message), do: message, else: inspect(message)
    %{"id" => id, "error" => %{"kind" => kind, "message" => text}}
  end

  defp adapter_for(req, adapters) do
    impl = Request.str(req, "impl")

    case Map.fetch(adapters, impl) do
      {:ok, {module, info}} ->
        Process.put(:adapter_module, module)
        {module, info}

      :error ->
        raise Error.unsupported("unknown impl #{String.slice(impl, 0, 60)}")
    end
  end

  defp command("derive", req, adapter), do: %{"output" => hex(prepare("derive", req, adapter).())}
  defp command("hash", req, adapter), do: %{"encoded" => prepare("hash", req, adapter).()}
  defp command("verify", req, adapter), do: %{"valid" => prepare("verify", req, adapter).()}

  defp command("digest", req, {module, info} = adapter) do
    alg = algorithm(req, adapter, "digest")
    data = Request.hex(req, "input", true)
    mode = if "oneshot" in info.modes, do: "oneshot", else: hd(info.modes)
    %{"output" => hex(module.digester(alg, mode, data).())}
  end

  defp command("bench", req, adapter), do: bench(req, adapter)
  defp command(cmd, _req, _adapter), do: raise(Error.unsupported("unknown cmd #{String.slice(cmd, 0, 40)}"))

  defp hex(bytes), do: Base.encode16(bytes, case: :lower)

  defp algorithm(req, {_module, info}, op) do
    alg = Request.str(req, "alg")
    Catalog.spec(alg)

    cond do
      alg not in info.algorithms -> raise Error.unsupported("#{info.id} does not offer #{alg}")
      op not in info.ops -> raise Error.unsupported("#{info.id} does not offer #{op}")
      Catalog.digest?(alg) != (op == "digest") -> raise Error.unsupported("#{op} does not apply to #{alg}")
      true -> alg
    end
  end

  defp password_request(req, adapter, op, need_salt) do
    alg = algorithm(req, adapter, op)
    check = Map.get(req, "unchecked") != true
    params = Catalog.params(alg, Request.params(req), check)
    length = Catalog.length(alg, op, Map.get(req, "length"), check)
    password = Request.hex(req, "password", true)
    salt = Request.hex(req, "salt", need_salt)
    if check, do: Catalog.salt(alg, salt)
    {alg, password, salt, params, length}
  end

  defp prepare("derive", req, {module, _} = adapter) do
    {alg, password, salt, params, length} = password_request(req, adapter, "derive", true)
    secret = Request.hex(req, "secret")
    ad = Request.hex(req, "ad")

    if (secret || "") <> (ad || "") != "" and Catalog.spec(alg)["family"] != "argon2" do
      raise Error.invalid_params("#{alg} takes no secret or associated data")
    end

    module.deriver(alg, password, salt, params, length, secret: secret, ad: ad)
  end

  defp prepare("hash", req, {module, info} = adapter) do
    if Request.has?(req, "params") do
      {alg, password, salt, params, length} = password_request(req, adapter, "hash", false)
      module.hasher(alg, password, salt, params, length)
    else
      # Library defaults: the call a user makes with no options (docs/protocol.md).
      alg = algorithm(req, adapter, "hash")

      cond do
        not Map.get(info, :defaults, false) ->
          raise Error.unsupported("#{info.id} has no hash call without parameters")

        Request.has?(req, "salt") ->
          raise Error.unsupported("a library-defaults hash makes its own salt")

        true ->
          module.default_hasher(alg, Request.hex(req, "password", true))
      end
    end
  end

  defp prepare("verify", req, {module, _} = adapter) do
    alg = algorithm(req, adapter, "verify")
    password = Request.hex(req, "password", true)

    encoded =
      case Map.get(req, "encoded") do
        # A bench without a string: make one with this implementation's own hash (untimed).
        nil when :erlang.map_get("cmd", req) == "bench" -> prepare("hash", req, adapter).()
        value when is_binary(value) -> value
        _ -> raise Error.protocol("encoded must be a string")
      end

    verify = module.verifier(alg)
    params = Request.params(req)
    fn -> verify.(password, encoded, params) end
  end

  defp prepare("hash_verify", req, {module, info} = adapter) do
    make = prepare("hash", req, adapter)
    unless "verify" in info.ops, do: raise(Error.unsupported("#{info.id} does not offer verify"))
    verify = module.verifier(Request.str(req, "alg"))
    password = Request.hex(req, "password", true)
    params = Request.params(req)

    fn ->
      encoded = make.()
      {encoded, verify.(password, encoded, params)}
    end
  end

  defp prepare("digest", req, {module, info} = adapter) do
    alg = algorithm(req, adapter, "digest")
    mode = Request.str(req, "mode", "oneshot")

    unless mode in @modes and mode in info.modes,
      do: raise(Error.unsupported("#{info.id} has no mode #{String.slice(mode, 0, 40)}"))

    data =
      if Request.has?(req, "input") do
        Request.hex(req, "input", true)
      else
        size = Request.int(req, "input_size", 0)

        unless size in 0..@max_input,
          do: raise(Error.invalid_params("input_size=#{size} outside 0..#{@max_input}"))

        Bench.pattern(size)
      end

    module.digester(alg, mode, data)
  end

  defp prepare(op, _req, _adapter),
    do: raise(Error.unsupported("unknown bench op #{String.slice(op, 0, 40)}"))

  defp bench(req, adapter) do
    op = Request.str(req, "op")
    unless op in @bench_ops, do: raise(Error.unsupported("unknown bench op #{String.slice(op, 0, 40)}"))
    iters = Request.int(req, "iters")
    samples = Request.int(req, "samples", 1)
    if iters < 1, do: raise(Error.invalid_params("iters must be >= 1"))

    unless samples in 1..@max_samples,
      do: raise(Error.invalid_params("samples must be in 1..#{@max_samples}"))

    call = bench_call(op, req, adapter)
    warm = Request.bool(req, "warm", true)
    {times, check, last, alloc} = Bench.run(call, iters, samples, warm, Request.bool(req, "alloc", true))

    %{"samples_ns" => times, "iters" => iters, "check" => check, "peak_rss_bytes" => Bench.peak_rss_bytes()}
    |> Map.merge(if alloc == nil, do: %{}, else: %{"alloc_bytes_per_op" => alloc / 1})
    |> Map.merge(last_result(op, last))
  end

  defp bench_call("noop", _req, _adapter), do: &Bench.noop/0
  defp bench_call(op, _req, nil), do: raise(Error.protocol("bench #{op} needs impl"))

  defp bench_call(op, req, {_module, info} = adapter) do
    unless "bench" in info.ops, do: raise(Error.unsupported("#{info.id} does not offer bench"))

    if op != "digest" and Request.str(req, "mode", "oneshot") != "oneshot" do
      raise Error.unsupported("mode #{String.slice(Request.str(req, "mode"), 0, 40)} applies to digests only")
    end

    prepare(op, req, adapter)
  end

  defp last_result(op, last) when op in ["digest", "derive"], do: %{"output" => hex(last)}
  defp last_result("hash", last), do: %{"encoded" => last}
  defp last_result("verify", last), do: %{"valid" => last}
  defp last_result("hash_verify", {encoded, valid}), do: %{"encoded" => encoded, "valid" => valid}
  defp last_result(_, _), do: %{}
end
