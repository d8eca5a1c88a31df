#!/usr/bin/env bash
# Builds the cargo-fuzz targets (CI: they must build; the campaign is run by hand, see README).
# Installs cargo-fuzz and the nightly toolchain (sanitizer flags) when missing. A fresh build
# compiles HiGHS once more for fuzz/target (about 12 minutes on two busy cores).
set -euo pipefail
cd "$(dirname "$0")"
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cargo +nightly fuzz build -O
