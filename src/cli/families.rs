//! The drop-in form's system flags (`--dutch`, `--dubov`, `--lim`, ...), one per family of the
//! registry (`lexpair::systems::REGISTRY`): a system added there gets its flag, its help text
//! and its `--edition` years here without touching the command line.

use super::NO_FILE;
use clap::{Arg, ArgGroup, ArgMatches, Args, Command, FromArgMatches};
use lexpair::systems::REGISTRY;
use std::path::PathBuf;

/// The families in registry order, each once.
pub fn families() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for r in &REGISTRY {
        if !out.contains(&r.family) {
            out.push(r.family);
        }
    }
    out
}

/// The help text of `--FAMILY`: the edition in force and the others `--edition` selects.
fn help(family: &str) -> String {
    let rows: Vec<_> = REGISTRY.iter().filter(|r| r.family == family).collect();
    let current = rows.iter().find(|r| r.current).map_or(family, |r| r.title);
    let others: Vec<String> =
        rows.iter().filter(|r| !r.current).filter_map(|r| r.edition).map(|e| e.to_string()).collect();
    let editions = if others.is_empty() {
        String::new()
    } else {
        format!("; --edition {} for the older rules", others.join(" or "))
    };
    format!("Pair with the {current}{editions}. With -g, FILE is an optional model tournament")
}

/// The family flag given and its file (`NO_FILE` when the flag came without one).
#[derive(Clone, Debug, Default)]
pub struct Families {
    pub chosen: Option<(&'static str, PathBuf)>,
}

impl FromArgMatches for Families {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let chosen = families().into_iter().find_map(|f| m.get_one::<PathBuf>(f).map(|p| (f, p.clone())));
        Ok(Families { chosen })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Families::from_arg_matches(m)?;
        Ok(())
    }
}

impl Args for Families {
    fn augment_args(cmd: Command) -> Command {
        let mut cmd = cmd.group(ArgGroup::new("family").multiple(false));
        for f in families() {
            cmd = cmd.arg(
                Arg::new(f)
                    .long(f)
                    .value_name("FILE")
                    .num_args(0..=1)
                    .default_missing_value(NO_FILE)
                    .value_parser(clap::value_parser!(PathBuf))
                    .group("family")
                    .help(help(f)),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Families::augment_args(cmd)
    }
}

/// The help text of `--system`: every system name of the registry.
pub fn system_help() -> String {
    let names: Vec<&str> = REGISTRY.iter().map(|r| r.system.name()).collect();
    format!("System and edition: {} (a family name alone means its edition in force)", names.join(", "))
}
