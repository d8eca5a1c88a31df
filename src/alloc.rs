//! The process's allocator: small blocks from mimalloc, large ones from the system allocator.
//!
//! A round allocates many small, short-lived vectors (stage terms, matchings, candidate
//! lists): with glibc's `malloc` they took a fifth of a 100-player research batch, and
//! mimalloc serves them about 15% faster over the whole batch. The largest rounds hold a few
//! big arrays instead (a 5,000-player bracket's pairs and stage terms, hundreds of megabytes):
//! mimalloc keeps such freed blocks in its segments for a while, which raised the peak memory
//! of a 9,999-player round by 6-13%, so blocks of [`LARGE`] bytes or more go to the system
//! allocator, which maps and unmaps them directly. Which side a block came from is decided by
//! its size alone, which `dealloc` is given again: no header, no lookup.
//!
//! The command line installs it (`#[global_allocator]` in `main.rs`), as does the Python module;
//! a program using the library chooses its own. mimalloc returns freed pages to the system after
//! a short delay, which a batch of small rounds gains from; a single large round peaks lower when
//! they go back at once ([`return_freed_pages_at_once`], which `lexpair pair` and the drop-in
//! command call).
//!
//! Transparent huge pages are off for the command line ([`no_transparent_huge_pages`], called
//! first thing in `main`): mimalloc asks the kernel for them on its arenas (`madvise`), so each
//! arena region first touched cost 2 MiB of resident memory and the clearing of 2 MiB, however
//! little of it was used. The 1,000-player rounds 5 and 9 of `../shared/corpus/large` peaked at
//! 44.6 and 36.9 MiB with them, 28.2 and 22.4 MiB without (bbpPairings 5.0.1: 34 and 28); a
//! 9,999-player round 2 at 475 MiB against 453, in slightly less CPU time; a batch of 300
//! 100-player tournaments took the same CPU time either way and peaked at 21 MiB instead of 30.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks of at least this many bytes come from the system allocator.
pub const LARGE: usize = 1 << 20;

/// mimalloc's `mi_option_purge_delay` (its option enum in the mimalloc 3 that
/// `libmimalloc-sys` builds).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Makes mimalloc give freed pages back to the system at once rather than after its delay
/// (10 ms). The 9,999-player round 2 under the 2026 rules peaked at 1,180 MiB with the delay and
/// 1,075 MiB without it (glibc alone: 1,132 MiB); a batch of 100-player tournaments took about 5%
/// more CPU without it, so `batch`, `check` and `generate` keep it.
pub fn return_freed_pages_at_once() {
    // SAFETY: sets one of mimalloc's run-time options; any value is valid for this option.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) }
}

/// mimalloc's `mi_option_allow_thp` (its option enum in the mimalloc 3 that `libmimalloc-sys`
/// builds).
const ALLOW_THP: libmimalloc_sys::mi_option_t = 43;

/// Turns transparent huge pages off for this process (see the module header): the kernel's
/// per-process switch (`PR_SET_THP_DISABLE`, checked at every page fault, so it also covers the
/// arenas mimalloc reserved before `main`), and mimalloc's option, so that it asks for none on
/// later arenas. Not for a library's caller (the Python module leaves its process as it is).
pub fn no_transparent_huge_pages() {
    // SAFETY: sets one of mimalloc's run-time options; any value is valid for this option.
    unsafe { libmimalloc_sys::mi_option_set(ALLOW_THP, 0) }
    #[cfg(target_os = "linux")]
    // SAFETY: prctl with PR_SET_THP_DISABLE takes one integer argument and touches no memory of
    // ours; on failure (a kernel without it) nothing changes and the result is ignored.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// Small blocks from mimalloc, blocks of [`LARGE`] bytes or more from [`System`].
pub struct SplitAllocator;

fn small(size: usize) -> bool {
    size < LARGE
}

// SAFETY: every block is freed or resized by the allocator that gave it, chosen by its size
// (the same `layout` is passed back by the caller), and a resize across `LARGE` copies the
// block into one from the other allocator.
unsafe impl GlobalAlloc for SplitAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if small(layout.size()) {
            unsafe { mimalloc::MiMalloc.alloc(layout) }
        } else {
            unsafe { System.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if small(layout.size()) {
            unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
        } else {
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if small(layout.size()) {
            unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
        } else {
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (small(layout.size()), small(new_size)) {
            (true, true) => unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) },
            (false, false) => unsafe { System.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: the caller guarantees `new_size` with `layout`'s alignment is a valid
                // layout.
                let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                let new = unsafe { self.alloc(new_layout) };
                if !new.is_null() {
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                new
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks grown and shrunk across the threshold keep their contents, on either side.
    #[test]
    fn resizing_across_the_threshold_keeps_the_contents() {
        let a = SplitAllocator;
        for (from, to) in [(64, LARGE + 8), (LARGE + 8, 64), (LARGE, LARGE * 2), (16, 4096)] {
            let layout = Layout::from_size_align(from, 8).unwrap();
            unsafe {
                let p = a.alloc(layout);
                assert!(!p.is_null());
                for i in 0..from.min(to) {
                    *p.add(i) = (i % 251) as u8;
                }
                let q = a.realloc(p, layout, to);
                assert!(!q.is_null());
                for i in 0..from.min(to) {
                    assert_eq!(*q.add(i), (i % 251) as u8, "byte {i} of {from} -> {to}");
                }
                a.dealloc(q, Layout::from_size_align(to, 8).unwrap());
            }
        }
        let z = Layout::from_size_align(LARGE * 2, 64).unwrap();
        unsafe {
            let p = a.alloc_zeroed(z);
            assert!(!p.is_null() && (p as usize).is_multiple_of(64));
            assert!((0..z.size()).all(|i| *p.add(i) == 0));
            a.dealloc(p, z);
        }
    }
}
