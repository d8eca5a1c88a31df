//! Judges files with the oracle and prints the ones it calls broken:
//! `cargo run --release --manifest-path fuzz/oracle/Cargo.toml --example judge_all FILE...`
//! (every tournament of `../shared` is read by lexpair, so none of them may be called broken).

fn main() {
    let (mut n, mut broken) = (0, 0);
    for f in std::env::args().skip(1) {
        let bytes = std::fs::read(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
        };
        n += 1;
        if let Err(b) = trf_oracle::judge(&text) {
            broken += 1;
            println!("{f}: {b}");
        }
    }
    println!("{n} files, {broken} judged broken");
}
