#!/usr/bin/env bash
# Builds the cargo-fuzz targets (CI: they must build; the campaign is run by hand, see README).
# Installs cargo-fuzz when missing; needs the nightly toolchain (sanitizer flags).
set -euo pipefail
cd "$(dirname "$0")"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
cargo +nightly fuzz build -O
