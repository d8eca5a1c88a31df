//! The `lexpair` command line: a thin layer over the library (see `lexpair --help`).

mod cli;

/// mimalloc instead of the system allocator: a batch of small tournaments allocates and frees
/// many short vectors per bracket (models, stages, matchings), and glibc's malloc and free were
/// a sixth of its time (`lexpair batch simulate`, 100 players x 9 rounds: 20% less CPU in all).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
