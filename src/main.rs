//! The `lexpair` command line: a thin layer over the library (see `lexpair --help`).

mod cli;

fn main() {
    std::process::exit(cli::run());
}
