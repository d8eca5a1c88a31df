//! The house's shape (issue 45, `docs/architecture.md`): no import cycle between the files of
//! `src/`, and every arrow between the core layers pointing down (the vocabulary and the audit
//! below everything; input; models; solvers; systems; the checker beside the systems, importing
//! nothing of them).
//!
//! The graph is read from the source text: every `crate::`, `super::` and `self::` path of a file
//! (comments and the file's `#[cfg(test)] mod tests` left out, one level of `{...}` groups
//! expanded) names the longest module prefix that is a file. A parent's `mod child;` is not an
//! edge; a method defined in another file's `impl` block is not either (the dependency the text
//! states is the type's).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).expect("src/ is readable").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module a file defines: `src/solver/sat.rs` -> `solver::sat`, `src/trf/mod.rs` -> `trf`.
fn module_of(src: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(src).expect("under src").with_extension("");
    let mut parts: Module = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts == ["main"] {
        parts.clear();
    }
    parts
}

/// The text without comments and without a trailing `#[cfg(test)] mod tests { ... }`.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(k) => &text[..k],
        None => text,
    };
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// `a::{b, c::d}` -> `a::b`, `a::c::d` (one level, repeated for nested groups).
fn expand_groups(code: &str) -> String {
    let mut s = code.to_string();
    for _ in 0..3 {
        let mut out = String::with_capacity(s.len());
        let mut rest = s.as_str();
        while let Some(open) = rest.find("::{") {
            let close = match rest[open + 3..].find(['{', '}']) {
                Some(k) if rest.as_bytes()[open + 3 + k] == b'}' => open + 3 + k,
                _ => {
                    out.push_str(&rest[..open + 3]);
                    rest = &rest[open + 3..];
                    continue;
                }
            };
            let head_start =
                rest[..open].rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).map_or(0, |k| k + 1);
            let head = &rest[head_start..open];
            out.push_str(&rest[..head_start]);
            let items: Vec<String> = rest[open + 3..close]
                .split(',')
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(|x| format!("{head}::{x}"))
                .collect();
            out.push_str(&items.join(";"));
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        s = out;
    }
    s
}

/// Every file's module and the modules (files) it names.
fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeMap<Module, PathBuf> = files.iter().map(|f| (module_of(&src, f), f.clone())).collect();
    let mut edges = BTreeMap::new();
    for (m, f) in &modules {
        let code = expand_groups(&code_of(&std::fs::read_to_string(f).expect("readable")));
        let mut to = BTreeSet::new();
        let bytes = code.as_bytes();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b':';
        for head in ["crate::", "super::", "self::"] {
            for (k, _) in code.match_indices(head) {
                if k > 0 && ident(bytes[k - 1]) {
                    continue;
                }
                let end = code[k..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .map_or(code.len(), |e| k + e);
                let path: Vec<&str> = code[k..end].split("::").filter(|s| !s.is_empty()).collect();
                if path.len() < 2 {
                    continue;
                }
                let (mut base, rest): (Module, &[&str]) = match path[0] {
                    "crate" => (Vec::new(), &path[1..]),
                    "self" => (m.clone(), &path[1..]),
                    "super" => {
                        let ups = path.iter().take_while(|s| **s == "super").count();
                        (m[..m.len().saturating_sub(ups)].to_vec(), &path[ups..])
                    }
                    _ => continue,
                };
                base.extend(rest.iter().map(|s| s.to_string()));
                if let Some(target) =
                    (1..=base.len()).rev().map(|n| base[..n].to_vec()).find(|p| modules.contains_key(p))
                {
                    if &target != m {
                        to.insert(target);
                    }
                }
            }
        }
        edges.insert(m.clone(), to);
    }
    edges
}

/// The strongly connected components of more than one file (Tarjan).
fn cycles(g: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct State<'a> {
        g: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        s.index.insert(v, (s.next, s.next));
        s.next += 1;
        s.stack.push(v);
        let g = s.g;
        for w in &g[v] {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.index[w].1;
                s.index.get_mut(v).expect("visited").1 = s.index[v].1.min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w].0;
                s.index.get_mut(v).expect("visited").1 = s.index[v].1.min(iw);
            }
        }
        if s.index[v].0 == s.index[v].1 {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                comp.push(w.join("/"));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State { g, index: BTreeMap::new(), stack: Vec::new(), next: 0, out: Vec::new() };
    for v in g.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_import_cycle_between_files() {
    let g = graph();
    assert!(g.len() > 100, "the graph reads the crate ({} files)", g.len());
    assert!(g[&vec!["solver".to_string(), "sat".to_string()]].contains(&vec!["audit".to_string()]), "edges are read");
    let found = cycles(&g);
    assert!(found.is_empty(), "import cycles: {found:?}");
}

/// The core layers of `docs/architecture.md`, lowest first.
fn layer(top: &str) -> Option<usize> {
    Some(match top {
        "vocabulary" | "audit" | "points" | "rng" | "alloc" => 0,
        "trf" | "tournament" | "team" | "double" | "matches" | "pairing" | "units" => 1,
        "model" | "options" => 2,
        "solver" => 3,
        "systems" => 4,
        _ => return None,
    })
}

#[test]
fn arrows_point_down_the_layers_and_the_checker_imports_no_system() {
    let g = graph();
    let mut up = Vec::new();
    for (a, targets) in &g {
        let Some(from) = a.first() else { continue };
        for b in targets {
            let to = &b[0];
            if from == "verify" && (to == "systems" || to == "round") {
                up.push(format!("{} -> {} (the checker names a system)", a.join("/"), b.join("/")));
            }
            if let (Some(la), Some(lb)) = (layer(from), layer(to)) {
                if lb > la {
                    up.push(format!("{} -> {}", a.join("/"), b.join("/")));
                }
            }
        }
    }
    assert!(up.is_empty(), "arrows pointing up: {up:#?}");
}

#[test]
fn the_reader_of_paths_sees_groups_and_supers() {
    let e = expand_groups("use crate::a::{b, c::d};");
    assert_eq!(e, "use crate::a::b;crate::a::c::d;");
    assert_eq!(code_of("x // crate::y\ny\n#[cfg(test)]\nmod tests { crate::z }"), "x \ny");
}
