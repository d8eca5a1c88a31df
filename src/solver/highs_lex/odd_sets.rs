//! Padberg and Rao's minimum odd cuts of a fractional point: Gusfield's cut tree over a small
//! max-flow network (Dinic). Apart from the session because it is plain graph code: it sees
//! players, pair values and float values, nothing of the programs.

use super::{FLOW_EPS, FRACTIONAL, VIOLATION};

/// Odd sets of players `S` with `x(δ(S)) + f(S) < 1` in the support graph of `n` players
/// (`edges`: pairs with their value) plus a node `t` joined to every player by its float value.
/// Gusfield's cut tree: `n` minimum cuts, each read as a set of players on the side away from
/// `t`; Padberg and Rao showed a minimum odd cut is among the cuts of a cut tree, so a violated
/// odd set is found whenever one exists (up to the tolerance of the flows).
pub(super) fn odd_sets(n: usize, edges: &[(usize, usize, f64)], float: &[f64]) -> Vec<Vec<usize>> {
    let t = n;
    let mut flow = Flow::new(n + 1);
    for &(a, b, w) in edges {
        flow.add(a, b, w);
    }
    for (i, &f) in float.iter().enumerate() {
        if f > FRACTIONAL {
            flow.add(i, t, f);
        }
    }
    let mut parent = vec![t; n + 1];
    let mut found: Vec<Vec<usize>> = Vec::new();
    // Every player out of t's reach is covered within that set: if it is odd, the whole set is
    // a violated odd set (of value zero) that no placement of a fractional cycle inside avoids.
    let reach = flow.reach(t);
    let away: Vec<usize> = (0..n).filter(|&i| !reach[i]).collect();
    if away.len() % 2 == 1 {
        found.push(away);
    } else {
        // Even: without one of its odd components (each covered within itself) it is odd and
        // still covered within itself.
        let mut comp = vec![usize::MAX; n];
        let mut odd: Vec<(usize, usize)> = Vec::new();
        for &i in &away {
            if comp[i] == usize::MAX {
                let r = flow.reach(i);
                let members: Vec<usize> = (0..n).filter(|&j| r[j]).collect();
                members.iter().for_each(|&j| comp[j] = i);
                if members.len() % 2 == 1 {
                    odd.push((members.len(), i));
                }
            }
        }
        if let Some(&(_, root)) = odd.iter().min() {
            found.push(away.iter().copied().filter(|&i| comp[i] != root).collect());
        }
    }
    for s in 0..n {
        let p = parent[s];
        let (value, side) = flow.min_cut(s, p);
        for i in s + 1..=n {
            if side[i] && parent[i] == p {
                parent[i] = s;
            }
        }
        if value >= 1.0 - VIOLATION {
            continue;
        }
        // The side away from t.
        let away: Vec<usize> = (0..n).filter(|&i| side[i] != side[t]).collect();
        if away.len() % 2 == 1 && !found.contains(&away) {
            found.push(away);
        }
    }
    found
}

/// A small max-flow network (Dinic) on an undirected graph with real capacities.
struct Flow {
    head: Vec<Vec<usize>>,
    /// Arc `k`: its head node and capacity; arc `k ^ 1` is its reverse.
    to: Vec<usize>,
    cap: Vec<f64>,
}

impl Flow {
    fn new(n: usize) -> Flow {
        Flow { head: vec![Vec::new(); n], to: Vec::new(), cap: Vec::new() }
    }

    fn add(&mut self, a: usize, b: usize, w: f64) {
        self.head[a].push(self.to.len());
        self.to.push(b);
        self.cap.push(w);
        self.head[b].push(self.to.len());
        self.to.push(a);
        self.cap.push(w);
    }

    /// The nodes joined to `s` by arcs of positive capacity.
    fn reach(&self, s: usize) -> Vec<bool> {
        let mut seen = vec![false; self.head.len()];
        seen[s] = true;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for &k in &self.head[u] {
                if self.cap[k] > FLOW_EPS && !seen[self.to[k]] {
                    seen[self.to[k]] = true;
                    stack.push(self.to[k]);
                }
            }
        }
        seen
    }

    /// The value of a minimum `s`-`t` cut and the nodes on `s`'s side of it.
    fn min_cut(&self, s: usize, t: usize) -> (f64, Vec<bool>) {
        let n = self.head.len();
        let mut res = self.cap.clone();
        let mut total = 0.0;
        loop {
            // Levels by breadth-first search on the residual arcs.
            let mut level = vec![usize::MAX; n];
            level[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for &k in &self.head[u] {
                    if res[k] > FLOW_EPS && level[self.to[k]] == usize::MAX {
                        level[self.to[k]] = level[u] + 1;
                        queue.push_back(self.to[k]);
                    }
                }
            }
            if level[t] == usize::MAX {
                return (total, level.iter().map(|&l| l != usize::MAX).collect());
            }
            let mut next = vec![0usize; n];
            loop {
                let pushed = self.augment(s, t, f64::INFINITY, &level, &mut next, &mut res);
                if pushed <= FLOW_EPS {
                    break;
                }
                total += pushed;
            }
        }
    }

    /// One blocking-flow path of Dinic's algorithm (iterative, so deep graphs cannot overflow
    /// the stack).
    fn augment(&self, s: usize, t: usize, limit: f64, level: &[usize], next: &mut [usize], res: &mut [f64]) -> f64 {
        let mut path: Vec<usize> = Vec::new();
        let mut u = s;
        loop {
            if u == t {
                let pushed = path.iter().fold(limit, |m, &k| m.min(res[k]));
                for &k in &path {
                    res[k] -= pushed;
                    res[k ^ 1] += pushed;
                }
                return pushed;
            }
            let mut advanced = false;
            while next[u] < self.head[u].len() {
                let k = self.head[u][next[u]];
                let v = self.to[k];
                if res[k] > FLOW_EPS && level[v] == level[u] + 1 {
                    path.push(k);
                    u = v;
                    advanced = true;
                    break;
                }
                next[u] += 1;
            }
            if !advanced {
                // Dead end: retreat one arc and skip it from now on.
                match path.pop() {
                    Some(k) => {
                        u = self.to[k ^ 1];
                        next[u] += 1;
                    }
                    None => return 0.0,
                }
            }
        }
    }
}
