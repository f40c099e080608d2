// The timed loop of protocol v1 ("bench"): read the monotonic clock, run the op
// `iters` times, read the clock. Between the two reads there is nothing but the op
// call and the sink update; each result kind has its own small monomorphic loop so
// the sink costs one load and one xor. Async ops are awaited one after the other.

export function resultKind(value) {
  if (value instanceof Uint8Array) return "bytes";
  if (typeof value === "string") return "text";
  if (typeof value === "boolean") return "bool";
  throw new TypeError(`op returned ${typeof value}, expected bytes, string or boolean`);
}

// now() returns a bigint of nanoseconds; a sample is an exact integer count of ns.
function loopBytes(now, op, iters, state) {
  let sink = state.sink;
  let last = state.last;
  const t0 = now();
  for (let i = 0; i < iters; i++) {
    last = op();
    sink ^= last[0];
  }
  const t1 = now();
  state.sink = sink | 0;
  state.last = last;
  return Number(t1 - t0);
}

function loopText(now, op, iters, state) {
  let sink = state.sink;
  let last = state.last;
  const t0 = now();
  for (let i = 0; i < iters; i++) {
    last = op();
    sink ^= last.charCodeAt(last.length - 1);
  }
  const t1 = now();
  state.sink = sink | 0;
  state.last = last;
  return Number(t1 - t0);
}

function loopBool(now, op, iters, state) {
  let sink = state.sink;
  let last = state.last;
  const t0 = now();
  for (let i = 0; i < iters; i++) {
    last = op();
    sink ^= last ? 1 : 0;
  }
  const t1 = now();
  state.sink = sink | 0;
  state.last = last;
  return Number(t1 - t0);
}

async function loopBytesAsync(now, op, iters, state) {
  let sink = state.sink;
  let last = state.last;
  const t0 = now();
  for (let i = 0; i < iters; i++) {
    last = await op();
    sink ^= last[0];
  }
  const t1 = now();
  state.sink = sink | 0;
  state.last = last;
  return Number(t1 - t0);
}

async function loopTextAsync(now, op, iters, state) {
  let sink = state.sink;
  let last = state.last;
  const t0 = now();
  for (let i = 0; i < iters; i++) {
    last = await op();
    sink ^= last.charCodeAt(last.length - 1);
  }
  const t1 = now();
  state.sink = sink | 0;
  state.last = last;
  return Number(t1 - t0);
}

async function loopBoolAsync(now, op, iters, state) {
  let sink = state.sink;
  let last = state.last;
  const t0 = now();
  for (let i = 0; i < iters; i++) {
    last = await op();
    sink ^= last ? 1 : 0;
  }
  const t1 = now();
  state.sink = sink | 0;
  state.last = last;
  return Number(t1 - t0);
}

const SYNC = { bytes: loopBytes, text: loopText, bool: loopBool };
const ASYNC = { bytes: loopBytesAsync, text: loopTextAsync, bool: loopBoolAsync };

function isThenable(value) {
  return value !== null && typeof value === "object" && typeof value.then === "function";
}

// A case's first sample when no untimed run came before it (protocol "warm": false on
// the case's first request): the first op's result, inside the timed region, tells
// whether the op is async and what it returns; the rest of the sample runs as usual.
async function discoveringSample(now, op, iters, state) {
  const t0 = now();
  let last = op();
  const isAsync = isThenable(last);
  if (isAsync) last = await last;
  for (let i = 1; i < iters; i++) last = isAsync ? await op() : op();
  const t1 = now();
  const shape = { isAsync, kind: resultKind(last) };
  state.last = last;
  return { sampleNs: Number(t1 - t0), shape };
}

/**
 * `samples` timed samples of `op`. When no `shape` is known yet (the case's first
 * request), `warm` runs the op once untimed first, which also tells whether the op is
 * sync or async and what it returns; without `warm` the first timed op tells it. Given
 * the `shape` an earlier request of the same case returned, neither is needed
 * (protocol `"warm": false`).
 * Returns { samples_ns, last, sink, shape }.
 */
export async function bench(now, op, iters, samples, shape, warm = true) {
  const state = { sink: 0, last: undefined };
  const samplesNs = [];
  if (shape === undefined && warm) {
    const first = op();
    const isAsync = isThenable(first);
    state.last = isAsync ? await first : first;
    shape = { isAsync, kind: resultKind(state.last) };
  } else if (shape === undefined) {
    const first = await discoveringSample(now, op, iters, state);
    samplesNs.push(first.sampleNs);
    shape = first.shape;
  }
  const { isAsync, kind } = shape;
  if (isAsync) {
    const loop = ASYNC[kind];
    while (samplesNs.length < samples) samplesNs.push(await loop(now, op, iters, state));
  } else {
    const loop = SYNC[kind];
    while (samplesNs.length < samples) samplesNs.push(loop(now, op, iters, state));
  }
  return { samples_ns: samplesNs, last: state.last, sink: state.sink, shape };
}

const NOOP_OUTPUT = new Uint8Array([1]);
const noop = () => NOOP_OUTPUT;

/** op "noop": the same loop around an op that only returns a constant for the sink. */
export function benchNoop(now, iters, samples) {
  return bench(now, noop, iters, samples);
}

/**
 * The smallest positive step seen between consecutive clock reads: the resolution
 * this runtime's clock really shows (it includes the cost of one read).
 */
export function measureResolution(now) {
  let best = Infinity;
  for (let trial = 0; trial < 2000; trial++) {
    const a = now();
    let b = now();
    while (b === a) b = now();
    const step = Number(b - a);
    if (step < best) best = step;
  }
  return Math.max(1, best);
}
