defmodule Hashbench.Bench do
  @moduledoc """
  The timed loop, in the calling BEAM process: read `:erlang.monotonic_time(:nanosecond)`,
  call the prepared op `iters` times feeding each result into a sink, read the clock.
  The loop is a tail-recursive function; its body is the call and the sink update.
  Binaries feed their first byte, booleans 1 or 0, a hash_verify pair its boolean.

  A NIF the op calls runs where the library put it: bcrypt_elixir's and argon2_elixir's
  hashing NIFs are dirty CPU-bound NIFs, so each call moves this process to a dirty CPU
  scheduler thread and back, and that hand-over is part of every timed op
  (docs/runners/elixir.md).

  Allocation (a separate, untimed pass, `alloc_per_op/3`): the words a process allocates
  on its heap per op, and the off-heap binaries it makes, as the garbage collector
  counts them. Memory a NIF takes from malloc itself (argon2's blocks) is not seen.
  """

  def pattern(size) do
    block = :binary.list_to_bin(Enum.to_list(0..250))
    :binary.part(:binary.copy(block, div(size, 251) + 1), 0, size)
  end

  def noop, do: <<1>>

  @doc "{samples_ns, check, last result, alloc_bytes_per_op or nil}"
  def run(op, iters, samples, warm, alloc) do
    if warm, do: op.()
    {times, sink, last} = sample(op, iters, samples, [], 0, nil)
    check = :io_lib.format("~2.16.0b", [Bitwise.band(sink, 0xFF)]) |> IO.iodata_to_binary()
    per_op = if alloc, do: alloc_per_op(op, Enum.min(times) / iters, iters)
    {times, check, last, per_op}
  end

  defp sample(_op, _iters, 0, acc, sink, last), do: {Enum.reverse(acc), sink, last}

  defp sample(op, iters, left, acc, sink, last) do
    t0 = :erlang.monotonic_time(:nanosecond)
    {sink, last} = loop(op, iters, sink, last)
    t1 = :erlang.monotonic_time(:nanosecond)
    sample(op, iters, left - 1, [t1 - t0 | acc], sink, last)
  end

  defp loop(_op, 0, sink, last), do: {sink, last}

  defp loop(op, n, sink, _last) do
    r = op.()
    loop(op, n - 1, Bitwise.bxor(sink, sink_of(r)), r)
  end

  defp sink_of(<<b, _::binary>>), do: b
  defp sink_of(true), do: 1
  defp sink_of({_, valid}), do: sink_of(valid)
  defp sink_of(_), do: 0

  # Bytes per op over a few calls (within about 0.2 s of the op's own time), less what the
  # same pass counts around an op that allocates nothing.
  defp alloc_per_op(op, op_ns, iters) do
    calls = max(1, min(iters, min(100, trunc(200_000_000 / max(op_ns, 1)))))
    max(allocated(op, calls) - allocated(&noop/0, calls), 0) / calls
  end

  # Words a fresh process allocates while it makes `calls` calls, read from the garbage
  # collections the runtime reports to a tracer (`heap_size` and `old_heap_size`: the used
  # words, `bin_vheap_size`: the words of the off-heap binaries it refers to): the
  # process collects once before the calls and once after, and what each collection
  # found beyond what the previous one left is what was allocated in between.
  defp allocated(op, calls) do
    {pid, ref} =
      :erlang.spawn_opt(
        fn ->
          receive do: (:go -> :ok)
          :erlang.garbage_collect()
          call(op, calls)
          :erlang.garbage_collect()
        end,
        [:monitor, {:min_heap_size, 1_048_576}, {:fullsweep_after, 0}]
      )

    :erlang.trace(pid, true, [:garbage_collection])
    send(pid, :go)
    events = collect(pid, ref, [])
    words = :erlang.system_info(:wordsize)

    events
    |> Enum.drop_while(fn {kind, _} -> kind != :end end)
    |> Enum.chunk_every(2, 1, :discard)
    |> Enum.map(fn
      [{:end, before}, {:start, later}] -> max(later - before, 0)
      _ -> 0
    end)
    |> Enum.sum()
    |> Kernel.*(words)
  end

  defp call(_op, 0), do: :ok

  defp call(op, n) do
    op.()
    call(op, n - 1)
  end

  defp collect(pid, ref, acc) do
    receive do
      {:trace, ^pid, event, info} when event in [:gc_major_start, :gc_minor_start] ->
        collect(pid, ref, [{:start, used(info)} | acc])

      {:trace, ^pid, event, info} when event in [:gc_major_end, :gc_minor_end] ->
        collect(pid, ref, [{:end, used(info)} | acc])

      {:DOWN, ^ref, _, _, :normal} ->
        Enum.reverse(acc)

      {:DOWN, ^ref, _, _, reason} ->
        raise Hashbench.Error.library_error("allocation pass failed: #{inspect(reason, limit: 20)}")
    end
  end

  defp used(info), do: info[:heap_size] + info[:old_heap_size] + info[:bin_vheap_size]

  def peak_rss_bytes do
    case File.read("/proc/self/status") do
      {:ok, text} ->
        case Regex.run(~r/VmHWM:\s+(\d+) kB/, text) do
          [_, kb] -> String.to_integer(kb) * 1024
          _ -> 0
        end

      _ ->
        0
    end
  end
end
