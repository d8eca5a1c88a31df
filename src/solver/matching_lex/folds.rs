//! Stages decided without a solve: folded at the face's bound, by exchanging partners, at
//! zero; and the face of everything folded as the next solve's top stage (see the module
//! header for why each is exact).

use super::*;

impl MatchingSession {
    /// Folds the next stages without a solve while the incumbent provably attains their optimum
    /// within the optimal face. A stage whose terms all involve one player `p` is decided by the
    /// one variable of `p` that is one: over the optima folded so far its value is at least the
    /// smallest cost among `p`'s variables the face allows (its tight pairs with unsettled
    /// players, and floating unless every optimum covers `p`). When the incumbent's variable has
    /// that cost, the stage's optima are the face's matchings whose variable for `p` has it: the
    /// face keeps only those of `p`'s pairs (the incumbent keeps the face's maximum attainable,
    /// so the restricted face is exact), and when floating costs more, every remaining pair of
    /// `p` gains one in `φ` so that the optima cover `p`. A single remaining pair settles `p` and
    /// its partner. Stages whose player is settled are constant and fold at once.
    pub(super) fn fold_at_face_bound(&mut self) {
        if self.face.is_none() || self.mate.is_none() {
            return;
        }
        self.build_incident();
        while self.folded < self.stages.len() {
            let (Some(face), Some(mate)) = (&self.face, &self.mate) else { return };
            let cost = &self.costs[self.folded];
            let Some(p) = self.common[self.folded] else { return };
            if self.settled[p].is_some() {
                self.folded += 1;
                continue;
            }
            let np = self.m.pairs.len();
            let c = |v: Var| cost.get(Terms::key(v, np));
            // `p`'s pairs come in model order, as the stage's terms: one walk over both (a
            // search per pair took 4% of a 9,999-player round 2).
            // Each with its cost and the player at its other end.
            let mut pairs: Vec<(usize, i64, usize)> = Vec::new();
            let mut t = 0;
            for (e, q) in self.pairs_with_ends(p) {
                if self.settled[q].is_some() || !face.has(e) {
                    continue;
                }
                while t < cost.keys.len() && (cost.keys[t] as usize) < e {
                    t += 1;
                }
                let ce = if t < cost.keys.len() && cost.keys[t] as usize == e { cost.coef(t) } else { 0 };
                pairs.push((e, ce, q));
            }
            let float = (self.m.may_float[p] && !self.covered[p]).then(|| c(Var::Float(p)));
            let Some(best) = pairs.iter().map(|o| o.1).chain(float).min() else { return };
            let taken = mate[p].and_then(|q| pairs.iter().find(|o| o.2 == q));
            let taken_cost = match (mate[p], taken) {
                (Some(_), Some(&(_, cost, _))) => cost,
                (None, _) => match float {
                    Some(cost) => cost,
                    None => return,
                },
                _ => return,
            };
            if taken_cost != best {
                let best_pairs: Vec<usize> = pairs.iter().filter(|o| o.1 == best).map(|o| o.0).collect();
                if self.swap_into(p, &best_pairs) {
                    continue;
                }
                return;
            }
            let keep: Vec<usize> = pairs.iter().filter(|o| o.1 == best).map(|o| o.0).collect();
            let must_cover = float.is_none_or(|f| f != best);
            let face = self.face.as_mut().expect("checked above");
            for &(e, cost, _) in &pairs {
                if cost != best {
                    face.set(e, None);
                } else if must_cover && float.is_some() {
                    face.raise(e);
                }
            }
            if must_cover {
                self.covered[p] = true;
            }
            if let ([e], true) = (keep.as_slice(), must_cover) {
                let (a, b) = self.m.pairs.at(*e);
                self.settled[a] = Some(b);
                self.settled[b] = Some(a);
            } else if keep.is_empty() {
                self.settled[p] = Some(FLOATS);
            }
            self.folded += 1;
        }
    }

    /// The pair variable of players `x` and `y`, if the model has it.
    pub(super) fn pair_of(&self, x: usize, y: usize) -> Option<usize> {
        if self.sorted {
            // Within the lower player's row (a binary search over all the pairs took 2.4% of a
            // research batch).
            crate::model::find_in_row(&self.m.pairs, &self.row, x.min(y), x.max(y))
        } else {
            self.pairs_of(x).find(|&e| self.m.pairs.at(e) == (x.min(y), x.max(y)))
        }
    }

    /// Makes the incumbent take one of `candidates` (face pairs of `p`) by exchanging partners
    /// with another pair, `p`-`j` and `q`-`r` for `p`-`q` and `j`-`r` (or `p`-`j` with `q`
    /// floating when `j` floats), or along three pairs, if that keeps its face weight `φ`: the
    /// incumbent is a maximum-`φ` matching of the face, so the exchanged one is too, and is an
    /// optimum of every stage folded so far (see [`OptimalFace`]). A stage of `p` whose best
    /// pair the face offers but the incumbent misses is then folded without a solve. Returns
    /// whether it exchanged.
    ///
    /// [`OptimalFace`]: super::weighted_matching::OptimalFace
    pub(super) fn swap_into(&mut self, p: usize, candidates: &[usize]) -> bool {
        let (Some(face), Some(mate)) = (&self.face, &self.mate) else { return false };
        let Some(q) = mate[p] else { return false };
        let phi = |x: usize, y: usize| self.pair_of(x, y).and_then(|e| face.get(e)).map(i64::from);
        let other = |e: usize| {
            let (a, b) = self.m.pairs.at(e);
            if a == p {
                b
            } else {
                a
            }
        };
        let Some(f_pq) = phi(p, q) else { return false };
        let mut exchange: Option<Vec<(usize, usize)>> = None;
        for &e in candidates {
            let j = other(e);
            let Some(f_pj) = phi(p, j) else { continue };
            match mate[j] {
                Some(r) if r != p => {
                    if let (Some(f_jr), Some(f_qr)) = (phi(j, r), phi(q, r)) {
                        if f_pj + f_qr == f_pq + f_jr {
                            exchange = Some(vec![(p, j), (q, r)]);
                            break;
                        }
                    }
                }
                Some(_) => {}
                None => {
                    if self.m.may_float[q] && !self.covered[q] && f_pj == f_pq {
                        exchange = Some(vec![(p, j)]);
                        break;
                    }
                }
            }
        }
        // Three pairs: p-j, r-x and y-q (or r-y and x-q) for p-q, j-r and x-y. The face weights
        // of the pairs of q, of r and of the incumbent are read into arrays first: on a dense
        // 5,000-player bracket, looking each one up took 40% of the round.
        if exchange.is_none() {
            let open: Vec<(usize, usize, i64)> = (0..mate.len())
                .filter_map(|x| mate[x].filter(|&y| x < y && self.settled[x].is_none()).map(|y| (x, y)))
                .filter_map(|(x, y)| phi(x, y).map(|f| (x, y, f)))
                .collect();
            let row_of = |z: usize, row: &mut Vec<Option<i64>>| {
                row.clear();
                row.resize(mate.len(), None);
                for (e, y) in self.pairs_with_ends(z) {
                    row[y] = face.get(e).map(i64::from);
                }
            };
            let (mut q_row, mut r_row) = (Vec::new(), Vec::new());
            row_of(q, &mut q_row);
            'candidates: for &e in candidates {
                let j = other(e);
                let Some(r) = mate[j].filter(|&r| r != p) else { continue };
                let (Some(f_pj), Some(f_jr)) = (phi(p, j), phi(j, r)) else { continue };
                row_of(r, &mut r_row);
                for &(x, y, f_xy) in &open {
                    if [p, q, j, r].contains(&x) || [p, q, j, r].contains(&y) {
                        continue;
                    }
                    for (u, v) in [(x, y), (y, x)] {
                        if let (Some(f_ru), Some(f_vq)) = (r_row[u], q_row[v]) {
                            if f_pj + f_ru + f_vq == f_pq + f_jr + f_xy {
                                exchange = Some(vec![(p, j), (r, u), (v, q)]);
                                break 'candidates;
                            }
                        }
                    }
                }
            }
        }
        let Some(pairs) = exchange else { return false };
        let mate = self.mate.as_mut().expect("checked above");
        if pairs.len() == 1 {
            mate[q] = None; // j floated: q floats now
        }
        rematch(mate, &pairs);
        true
    }

    /// Folds the next stages into the face without a solve while the incumbent meets them at
    /// zero and they have no negative term: zero is then their optimum over the face (the
    /// incumbent is one of its maximum-`φ` matchings), and the optima with the stage are the
    /// face's maximum-`φ` matchings that take none of its charged variables. A charged pair
    /// leaves the face; a charged float asks every optimum to cover its player: each of his
    /// face pairs gains one in `φ` (as in [`MatchingSession::fold_at_face_bound`]), so that a
    /// maximum-`φ` matching covering all such players outweighs any that leaves one of them out
    /// (`φ` is integral, and the incumbent covers them all). Colour and float criteria at zero
    /// after the chunk that decided the criteria above them then need no solve of their own.
    /// Returns whether it folded any.
    pub(super) fn fold_zeros(&mut self) -> bool {
        if self.face.is_none() || self.mate.is_none() {
            return false;
        }
        self.build_incident();
        let np = self.m.pairs.len();
        let start = self.folded;
        while self.folded < self.stages.len() {
            let Some(mate) = &self.mate else { break };
            let cost = &self.costs[self.folded];
            if cost.has_negative() || self.eval(cost, mate) != 0 {
                break;
            }
            let Some(mut face) = self.face.take() else { break };
            for (key, _) in cost.iter().filter(|&(_, c)| c > 0) {
                let key = key as usize;
                if key < np {
                    face.set(key, None);
                    continue;
                }
                let p = key - np;
                if self.covered[p] || self.settled[p].is_some() {
                    continue;
                }
                for e in self.pairs_of(p) {
                    face.raise(e);
                }
                self.covered[p] = true;
            }
            self.face = Some(face);
            self.folded += 1;
        }
        self.folded > start
    }

    /// Folds stage `k` into the face without a solve when it charges pairs only, never below zero,
    /// and the incumbent can be brought to zero by exchanging partners between two of its pairs
    /// at a time, keeping the face weight `φ` (so every exchange stays an optimum of the stages
    /// folded before, see `MatchingSession::swap_into`). Zero is then the stage's optimum, no
    /// optimum takes a pair it charges, and those pairs leave the face: its maximum-`φ`
    /// matchings are exactly the optima with the stage. D.2.a is such a stage: the fewest
    /// players exchanged is usually none.
    pub(super) fn fold_at_zero(&mut self, k: usize) {
        let np = self.m.pairs.len();
        if self.folded != k || k >= self.stages.len() {
            return;
        }
        let cost = &self.costs[k];
        if cost.has_negative() || cost.keys.iter().any(|&key| key as usize >= np) {
            return;
        }
        let (Some(face), Some(mate)) = (&self.face, &self.mate) else { return };
        let phi = |e: usize| face.get(e).map(i64::from);
        // The pairs the stage has a term on, a bit each: most pairs an exchange tries have none,
        // and their cost is then read without a search in the stage's terms (D.2.a of a
        // 5,000-player bracket has 2.3 million; its 385,000 exchanges tried took 55-60 ms instead
        // of 64-67).
        let mut termed = vec![0u64; np.div_ceil(64)];
        cost.keys.iter().for_each(|&key| termed[key as usize / 64] |= 1 << (key % 64));
        let c = |e: usize| if termed[e / 64] >> (e % 64) & 1 == 1 { cost.get(e as u32) } else { 0 };
        let mut mate = mate.clone();
        let matched = |mate: &[Option<usize>]| -> Vec<usize> {
            (0..mate.len())
                .filter_map(|a| {
                    mate[a].filter(|&b| a < b && self.settled[a].is_none()).and_then(|b| self.pair_of(a, b))
                })
                .collect()
        };
        // A face pair's pair and φ.
        let on_face = |u: usize, v: usize| self.pair_of(u, v).and_then(|g| phi(g).map(|h| (g, h)));
        loop {
            // The incumbent's pairs with their ends, φ and cost, read once a round (searching the
            // cost of each again for every exchange tried took 4% of a 9,999-player round 2).
            let pairs: Vec<(usize, usize, usize, Option<i64>, i64)> = matched(&mate)
                .into_iter()
                .map(|e| {
                    let (x, y) = self.m.pairs.at(e);
                    (e, x, y, phi(e), c(e))
                })
                .collect();
            if pairs.iter().all(|p| p.4 <= 0) {
                break;
            }
            let mut improved = false;
            'charged: for &(e1, a, b, f1, c1) in pairs.iter().filter(|p| p.4 > 0) {
                let Some(f1) = f1 else { continue };
                if mate[a] != Some(b) {
                    continue;
                }
                for &(e2, x, y, f2, c2) in &pairs {
                    if e2 == e1 || mate[x] != Some(y) {
                        continue;
                    }
                    let Some(f2) = f2 else { continue };
                    for (v, z) in [(x, y), (y, x)] {
                        let (Some((g1, h1)), Some((g2, h2))) = (on_face(a, v), on_face(b, z)) else { continue };
                        if h1 + h2 == f1 + f2 && c(g1) + c(g2) < c1 + c2 {
                            rematch(&mut mate, &[(a, v), (b, z)]);
                            improved = true;
                            continue 'charged;
                        }
                    }
                }
            }
            if !improved {
                return;
            }
        }
        if self.eval(cost, &mate) != 0 {
            return; // a settled pair is charged
        }
        let charged: Vec<usize> = cost.iter().filter(|&(_, c)| c > 0).map(|(key, _)| key as usize).collect();
        self.mate = Some(mate);
        let face = self.face.as_mut().expect("checked above");
        for e in charged {
            face.set(e, None);
        }
        self.folded += 1;
    }

    /// The face of the stages folded so far as the top stage of the next solve: minimise
    /// `−φ` over the tight pairs.
    pub(super) fn face_stage(&self) -> Option<(Terms, (i64, i64))> {
        let face = self.face.as_ref()?;
        let term = |(e, phi): (usize, Option<u32>)| {
            let (a, b) = self.m.pairs.at(e);
            let open = self.settled[a].is_none() && self.settled[b].is_none();
            phi.filter(|&p| open && p > 0).map(|p| (e as u32, -i64::from(p)))
        };
        // Sized exactly: on a large bracket this is the largest cost of the session.
        let len = face.iter().enumerate().filter_map(term).count();
        let mut t = Terms { keys: Vec::with_capacity(len), coefs: Coefs::with_capacity(len) };
        for (key, c) in face.iter().enumerate().filter_map(term) {
            t.coefs.push(t.keys.len(), c);
            t.keys.push(key);
        }
        t.coefs.shrink_to_fit(); // nothing held when every φ is the same
                                 // Every term is a pair's: each player is in at most one chosen pair.
        let mut least = vec![0i64; self.m.num_players()];
        for (key, c) in t.iter() {
            let (a, b) = self.m.pairs.at(key as usize);
            least[a] = least[a].min(c);
            least[b] = least[b].min(c);
        }
        Some((t, (least.iter().sum(), 0)))
    }
}
