//! The `lexpair` command line: a thin layer over the library (see `lexpair --help`).

mod cli;

/// Small blocks from mimalloc, large ones from the system (see `lexpair::alloc`).
#[global_allocator]
static ALLOCATOR: lexpair::alloc::SplitAllocator = lexpair::alloc::SplitAllocator;

fn main() {
    std::process::exit(cli::run());
}
