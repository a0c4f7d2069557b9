//! Heap bytes as the allocator is asked for them, so that what a structure holds can be weighed
//! in real bytes instead of guessed from its stored size.
//!
//! [`Counting`] wraps the process's global allocator (jemalloc in the `tablero` binary; any
//! [`GlobalAlloc`]) and keeps, per thread, the net bytes and the net number of allocations made
//! on that thread. [`measure`] runs a closure and says what it left allocated: build a value inside it and the
//! answer is the value's heap. A thread-local counter costs no atomic and no shared cache line,
//! so every allocation pays a few instructions and the threads never contend.
//!
//! The `tablero` binary installs it; a program that does not (a test, an embedding) gets `None`
//! from [`measure`], and its callers fall back to an estimate.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::OnceLock;

/// A global allocator that counts what its thread allocates; the allocating itself is `A`'s.
pub struct Counting<A = System>(A);

impl<A> Counting<A> {
    pub const fn new(inner: A) -> Self {
        Counting(inner)
    }
}

/// What one thread has done with the allocator.
#[derive(Clone, Copy)]
struct Counts {
    /// Net bytes and allocations.
    net: Held,
    /// Allocations and reallocations made, freed or not (what a call asks of the allocator).
    made: u64,
}

thread_local! {
    /// This thread's counts. `const` and without a destructor, so reaching it never allocates
    /// (the allocator itself uses it) and it outlives the thread's other locals.
    static COUNTS: Cell<Counts> = const {
        Cell::new(Counts { net: Held { bytes: 0, allocations: 0 }, made: 0 })
    };
}

/// Counts one call: `bytes` and `allocations` more held (negative for a free), `made` calls
/// that asked for memory.
#[inline]
fn count(bytes: isize, allocations: isize, made: u64) {
    // `try_with`: nothing to count once the thread's locals are gone.
    let _ = COUNTS.try_with(|counts| {
        let c = counts.get();
        counts.set(Counts {
            net: Held {
                bytes: c.net.bytes.wrapping_add(bytes),
                allocations: c.net.allocations.wrapping_add(allocations),
            },
            made: c.made.wrapping_add(made),
        });
    });
}

// SAFETY: every call is forwarded to `A` unchanged; the counting touches only a thread-local.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let ptr = unsafe { self.0.alloc(layout) };
        if !ptr.is_null() {
            count(layout.size() as isize, 1, 1);
        }
        ptr
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let ptr = unsafe { self.0.alloc_zeroed(layout) };
        if !ptr.is_null() {
            count(layout.size() as isize, 1, 1);
        }
        ptr
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, forwarded.
        unsafe { self.0.dealloc(ptr, layout) };
        count(-(layout.size() as isize), -1, 0);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, forwarded.
        let moved = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !moved.is_null() {
            count(new_size as isize - layout.size() as isize, 0, 1);
        }
        moved
    }
}

/// What was left allocated: bytes asked for and allocations, net.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub bytes: isize,
    pub allocations: isize,
}

impl Held {
    /// The bytes the allocator really gives up for this: each allocation costs `overhead`
    /// bytes beyond what it asked for (headers, rounding up to a size class).
    pub fn footprint(self, overhead: usize) -> usize {
        let bytes = self.bytes.max(0) as usize;
        bytes + self.allocations.max(0) as usize * overhead
    }
}

/// This thread's net count so far (zero without [`Counting`] installed).
pub fn thread_held() -> Held {
    COUNTS.try_with(|c| c.get().net).unwrap_or_default()
}

/// How many allocations and reallocations this thread has made so far, freed or not (zero
/// without [`Counting`] installed): the difference across a call is what it asked of the
/// allocator.
pub fn thread_allocations_made() -> u64 {
    COUNTS.try_with(|c| c.get().made).unwrap_or(0)
}

/// Whether [`Counting`] is the global allocator, found by watching one allocation.
pub fn installed() -> bool {
    static INSTALLED: OnceLock<bool> = OnceLock::new();
    *INSTALLED.get_or_init(|| {
        let before = thread_held();
        let probe: Vec<u8> = Vec::with_capacity(64);
        // The allocation must happen, not be optimised away with its free.
        std::hint::black_box(&probe);
        let during = thread_held();
        drop(probe);
        during.bytes - before.bytes == 64
    })
}

/// Runs `f` and says what it left allocated on this thread (what its result holds, when `f`
/// builds a value), or `None` without [`Counting`] installed.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Option<Held>) {
    if !installed() {
        return (f(), None);
    }
    let before = thread_held();
    let value = f();
    let after = thread_held();
    let held = Held {
        bytes: after.bytes - before.bytes,
        allocations: after.allocations - before.allocations,
    };
    (value, Some(held))
}

/// What a value holds on the heap, found by walking it: the capacity of each buffer it owns
/// (what its allocation asked for) and how many buffers there are. For plain data (strings,
/// vectors, records of them) this is exactly what [`measure`] says building the value left
/// allocated, without building anything; `tests/hot_weight.rs` checks the two agree.
pub trait Holds {
    fn held(&self) -> Held;
}

impl std::ops::Add for Held {
    type Output = Held;
    fn add(self, other: Held) -> Held {
        Held {
            bytes: self.bytes + other.bytes,
            allocations: self.allocations + other.allocations,
        }
    }
}

impl std::iter::Sum for Held {
    fn sum<I: Iterator<Item = Held>>(iter: I) -> Held {
        iter.fold(Held::default(), |a, b| a + b)
    }
}

impl Held {
    /// One buffer of `bytes` (none when empty: an empty string or vector allocates nothing).
    pub fn buffer(bytes: usize) -> Held {
        Held {
            bytes: bytes as isize,
            allocations: isize::from(bytes > 0),
        }
    }
}

/// Values with no heap of their own.
macro_rules! holds_nothing {
    ($($t:ty),*) => {
        $(impl Holds for $t {
            fn held(&self) -> Held {
                Held::default()
            }
        })*
    };
}

holds_nothing!(bool, u8, u32, u64, i64, usize);

impl Holds for String {
    fn held(&self) -> Held {
        Held::buffer(self.capacity())
    }
}

impl Holds for Box<str> {
    fn held(&self) -> Held {
        Held::buffer(self.len())
    }
}

impl<T: Holds> Holds for Option<T> {
    fn held(&self) -> Held {
        self.as_ref().map(Holds::held).unwrap_or_default()
    }
}

impl<T: Holds> Holds for Vec<T> {
    fn held(&self) -> Held {
        Held::buffer(self.capacity() * std::mem::size_of::<T>())
            + self.iter().map(Holds::held).sum()
    }
}

impl<A: Holds, B: Holds> Holds for (A, B) {
    fn held(&self) -> Held {
        self.0.held() + self.1.held()
    }
}
