//! The `lexpair` command line: a thin layer over the library (see `lexpair --help`).

mod cli;

/// Small blocks from mimalloc, large ones from the system (see `lexpair::alloc`).
#[global_allocator]
static ALLOCATOR: lexpair::alloc::SplitAllocator = lexpair::alloc::SplitAllocator;

fn main() {
    // Lower peak memory, the same speed (see `lexpair::alloc`).
    lexpair::alloc::no_transparent_huge_pages();
    std::process::exit(cli::run());
}
