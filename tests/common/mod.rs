//! Shared by the integration tests.
#![allow(unused_imports)] // each test file uses part of it

pub use lexpair::rng::SplitMix64 as Rng;
