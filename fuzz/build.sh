#!/usr/bin/env bash
# Builds the cargo-fuzz targets (CI: they must build; the campaign is run by hand, see README).
# Installs cargo-fuzz and the nightly toolchain (sanitizer flags) when missing.
#
# One HiGHS build serves the fuzz targets too: the workspace's release build (`cargo test
# --release`, run before this script by the README's test command) compiled HiGHS and installed
# it, with a pkg-config file, under its target directory. The fuzz crate's highs-sys (feature
# `discover`, the same version) finds that copy through pkg-config instead of compiling HiGHS again
# for fuzz/target (about 10 minutes on two cores). HiGHS is C++ outside the sanitizer either way
# (cargo fuzz instruments Rust code only). Without a release build, or without pkg-config,
# highs-sys compiles its bundled HiGHS as before.
set -euo pipefail
cd "$(dirname "$0")"
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
target=$(cd .. && cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
# shellcheck disable=SC2012 # build-script folders have plain names; the newest one wins
pc=$(ls -t "$target"/release/build/highs-sys-*/out/lib/pkgconfig/highs.pc 2> /dev/null | head -1 || true)
if [[ -n $pc ]] && command -v pkg-config > /dev/null; then
  # HiGHS is a static C++ library: its users link the C++ runtime as well.
  mkdir -p target/highs-pkgconfig
  sed 's/^Libs: .*/& -lstdc++/' "$pc" > target/highs-pkgconfig/highs.pc
  export PKG_CONFIG_PATH=$PWD/target/highs-pkgconfig
  echo "fuzz/build.sh: HiGHS from $(dirname "$(dirname "$(dirname "$pc")")")"
fi
cargo +nightly fuzz build -O
# The oracle the reader's targets are judged by (fuzz/oracle: no dependencies, stable toolchain).
cargo test --release --quiet --manifest-path oracle/Cargo.toml
