//! The timing loop and what the process can tell about itself: bytes allocated (a
//! counting global allocator), peak RSS, the monotonic clock and its resolution.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::error::{Error, Result};

/// The system allocator, counting every byte handed out (on any thread, so rayon or
/// crossbeam workers of a parallel hash count too). `realloc` counts its new size, as a
/// fresh allocation would. One relaxed atomic add per allocation; ops that do not
/// allocate pay nothing.
pub struct CountingAlloc;

static ALLOCATED: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size as u64, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Bytes allocated by the process so far.
pub fn allocated() -> u64 {
    ALLOCATED.load(Ordering::Relaxed)
}

/// How many timed calls, in how many samples.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub iters: u64,
    pub samples: usize,
    /// Run the op once untimed before the samples.
    pub warm: bool,
}

/// What a bench loop measured.
#[derive(Clone, Debug)]
pub struct Timing {
    pub samples_ns: Vec<u64>,
    /// The sink: XOR of one byte of every op's output.
    pub check: u8,
    pub alloc_bytes_per_op: f64,
}

/// Runs `op` once untimed when `plan.warm` (its error fails the request), then `plan.samples` samples of
/// `plan.iters` calls each. A sample is: read the monotonic clock, call `op` `iters`
/// times, read the clock. `op` returns one byte of its output, XORed into the sink; it
/// keeps the output itself (in a buffer it captured), so nothing but the op runs between
/// the two clock reads. Generic, so each op gets its own inlined loop.
#[inline(always)]
pub fn measure<F>(plan: Plan, mut op: F) -> Result<Timing>
where
    F: FnMut() -> Result<u8>,
{
    let mut sink = if plan.warm { op()? } else { 0 };
    let mut samples_ns = Vec::with_capacity(plan.samples);
    let before = allocated();
    for _ in 0..plan.samples {
        let start = Instant::now();
        for _ in 0..plan.iters {
            sink ^= op()?;
        }
        let elapsed = start.elapsed();
        samples_ns.push(u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX));
    }
    let allocated = allocated() - before;
    let ops = plan.iters as f64 * plan.samples as f64;
    Ok(Timing {
        samples_ns,
        check: black_box(sink),
        alloc_bytes_per_op: allocated as f64 / ops,
    })
}

/// The same loop around an op that only feeds the sink: the loop's own cost.
pub fn noop(plan: Plan) -> Result<Timing> {
    measure(plan, || Ok(black_box(1u8)))
}

/// Peak resident set size of the process (getrusage ru_maxrss, KiB on Linux).
pub fn peak_rss_bytes() -> Option<u64> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes a full rusage struct into the pointer it is given.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: rc == 0, so the struct was filled in.
    let usage = unsafe { usage.assume_init() };
    u64::try_from(usage.ru_maxrss).ok().map(|kib| kib * 1024)
}

/// std::time::Instant is CLOCK_MONOTONIC on Linux; this is what clock_getres reports
/// for that clock (not a measured granularity).
pub fn clock_resolution_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_getres writes one timespec.
    let rc = unsafe { libc::clock_getres(libc::CLOCK_MONOTONIC, &mut ts) };
    if rc != 0 {
        return 1;
    }
    let ns = ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64;
    ns.max(1)
}

/// Physical memory in bytes (0 if unknown).
pub fn physical_memory() -> u64 {
    // SAFETY: sysconf has no memory-safety preconditions.
    let (pages, size) = unsafe {
        (
            libc::sysconf(libc::_SC_PHYS_PAGES),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    if pages <= 0 || size <= 0 {
        return 0;
    }
    pages as u64 * size as u64
}

/// Guard against requests that cannot complete: a bench loop over a huge input.
pub fn check_plan(iters: u64, samples: u64, warm: bool) -> Result<Plan> {
    if iters == 0 || samples == 0 {
        return Err(Error::params("iters and samples must be at least 1"));
    }
    if samples > 10_000_000 {
        return Err(Error::params(format!(
            "samples={samples} is more than 10^7"
        )));
    }
    Ok(Plan {
        iters,
        samples: samples as usize,
        warm,
    })
}
