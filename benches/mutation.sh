#!/usr/bin/env bash
# Byte-level mutation of real tournament files, judged by an independent oracle (issue 43).
#
#   bash benches/mutation.sh [RUNS] [SEED]        # default 20000 mutants, seed 1
#
# Each mutant (one to three byte-level mutations of a real file: a bit flipped, a byte replaced,
# inserted or deleted, something invisible put before a line, a line repeated or dropped, a digit
# changed) is paired by `lexpair pair` under the system its file names (team-2026 for a file with
# team records, double-2026 for a Double-Swiss code, dutch-2026 otherwise). The oracle
# (fuzz/oracle, a crate that imports nothing from lexpair, written from the format texts) judges
# the file; a finding is a crash or signal, an exit 2, an exit 0 on a file the oracle calls broken,
# or a pairing of the wrong shape. Findings are kept in target/mutation/findings; the script exits
# 1 when there is one. Not part of the CI: a campaign of 20,000 mutants takes a few minutes.
#
# The files: ../shared/realdata, the examples, and the first tournaments of the dutch-2017,
# team-2026 and Double-Swiss corpora.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20000}
seed=${2:-1}
target=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
cargo build --release --no-default-features --quiet
CARGO_TARGET_DIR="$target/oracle" cargo build --release --quiet --manifest-path fuzz/oracle/Cargo.toml --bin mutate
files=(../shared/realdata/*.trf examples/*.trf)
for dir in ../shared/corpus/dutch-2017/tournaments ../shared/corpus/team-2026/tournaments tests/data/double-2026/tournaments; do
  # shellcheck disable=SC2012 # plain file names
  while IFS= read -r f; do files+=("$dir/$f"); done < <(ls "$dir" | head -10)
done
out="$target/mutation"
rm -rf "$out"
"$target/oracle/release/mutate" --lexpair "$target/release/lexpair" --runs "$runs" --seed "$seed" --out "$out" "${files[@]}"
