//! A round under the Lim system: the bye (1.1, 7.1), the order of the score-groups and the median
//! (2.2), the transfer of floaters between neighbouring score-groups (2.3, 3.2) and the blocked
//! median (2.6).

use super::colour;
use super::group::{pair_group, Dir, Group, GroupResult};
use super::Ctx;
use crate::pairing::{Board, RoundPairing};
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::systems::trace::BracketTrace;
use crate::vocabulary::PairError;

/// Can `players` all be paired (2.1 compatibility), with one bye-eligible player out when odd?
pub fn completable(cx: &Ctx, players: &[usize], bye_allowed: bool) -> bool {
    complete_pairing(&cx.solve.audit, players, |a, b| cx.compatible(a, b), |i| bye_allowed && cx.bye_eligible(i))
        .is_some()
}

fn no_pairing() -> PairError {
    PairError::NoValidPairing(
        "the present players cannot all be paired without a rematch, a forbidden pair, a colour rule 5.1 broken \
         (in the last round allowed only between players of the same score, section 6), or an ineligible \
         pairing-allocated bye"
            .into(),
    )
}

/// 1.1 / 7.1 / 8.2: with an odd number of players, the bye goes to the player with the lowest
/// rank in the lowest score-group (the last of the pairing list) among those allowed one by
/// C.04.1.d, and for whom the others can all be paired; the next one up otherwise.
fn choose_bye(cx: &Ctx) -> Result<Option<usize>, PairError> {
    if cx.order.len() % 2 == 0 {
        return if completable(cx, &cx.order, false) { Ok(None) } else { Err(no_pairing()) };
    }
    if !completable(cx, &cx.order, true) {
        return Err(no_pairing());
    }
    for &b in cx.order.iter().rev() {
        if !cx.bye_eligible(b) {
            continue;
        }
        let rest: Vec<usize> = cx.order.iter().copied().filter(|&i| i != b).collect();
        if completable(cx, &rest, false) {
            return Ok(Some(b));
        }
    }
    Err(no_pairing())
}

/// What one step of the round decided (for `--explain`): a score-group paired, a pairing
/// cracked open for the median (2.6), or the bye (1.1).
fn step(cx: &Ctx, kind: &'static str, incoming: &[usize], residents: &[usize], res: &GroupResult) -> BracketTrace {
    let id = |i: usize| cx.t.players[i].id;
    BracketTrace::new(
        kind,
        incoming.iter().chain(residents).map(|&i| id(i)).collect(),
        incoming.len(),
        res.pairs.iter().map(|&(a, b)| (id(a), id(b))).collect(),
        res.floaters.iter().map(|&i| id(i)).collect(),
    )
}

/// Pairs the round; also returns, step by step, what was decided.
pub fn pair(cx: &Ctx) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    if cx.order.is_empty() {
        return Ok((RoundPairing::default(), Vec::new()));
    }
    if cx.t.initial_colour.is_none() {
        // 7.2: the colour of Player #1 is drawn by lot; lexpair does not draw it.
        return Err(PairError::Invalid(
            "the initial colour is not stated (XXC white1|black1, or tag 152) and no round shows it".into(),
        ));
    }
    let bye = choose_bye(cx)?;
    let mut traces = Vec::new();
    if let Some(b) = bye {
        traces.push(step(cx, "bye (1.1)", &[], &[b], &GroupResult { pairs: Vec::new(), floaters: vec![b] }));
    }
    let players: Vec<usize> = cx.order.iter().copied().filter(|&i| Some(i) != bye).collect();
    // 2.2: score-groups, in descending score, members by pairing number.
    let mut groups: Vec<(Points, Vec<usize>)> = Vec::new();
    for &i in &players {
        match groups.last_mut() {
            Some((s, g)) if *s == cx.score(i) => g.push(i),
            _ => groups.push((cx.score(i), vec![i])),
        }
    }
    let upper: Vec<&(Points, Vec<usize>)> = groups.iter().filter(|(s, _)| *s > cx.median).collect();
    let lower: Vec<&(Points, Vec<usize>)> = groups.iter().filter(|(s, _)| *s < cx.median).rev().collect();
    let median: Vec<usize> = groups.iter().filter(|(s, _)| *s == cx.median).flat_map(|(_, g)| g.clone()).collect();

    // 2.2: from the highest score-group down to just before the median, floaters moving down
    // (3.2); then from the lowest up to just before the median, floaters moving up.
    let mut stacks: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    let mut into_median: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (side, list, dir) in [(0, &upper, Dir::Down), (1, &lower, Dir::Up)] {
        let mut carry: Vec<usize> = Vec::new();
        for (k, (score, residents)) in list.iter().enumerate() {
            let adjacent: &[usize] = match list.get(k + 1) {
                Some((_, next)) => next,
                None => &median,
            };
            let g = Group { dir, score: *score, residents, incoming: &carry, adjacent };
            let res = pair_group(cx, &g)?;
            let kind = if dir == Dir::Down { "score-group, downward" } else { "score-group, upward" };
            traces.push(step(cx, kind, &carry, residents, &res));
            stacks[side].extend(res.pairs);
            carry = res.floaters;
        }
        into_median[side] = carry;
    }

    // 2.6: the median group with the floaters from above and below; while it cannot be paired,
    // crack the next pairing of the lower side when more floaters came from above than from
    // below, of the higher side otherwise (the pairing made last, i.e. nearest the median, first).
    loop {
        let [down, up] = &into_median;
        let all: Vec<usize> = down.iter().chain(up).chain(&median).copied().collect();
        if completable(cx, &all, false) {
            let incoming: Vec<usize> = down.iter().chain(up).copied().collect();
            let g =
                Group { dir: Dir::Median, score: cx.median, residents: &median, incoming: &incoming, adjacent: &[] };
            let res = pair_group(cx, &g)?;
            traces.push(step(cx, "median score-group", &incoming, &median, &res));
            stacks[0].extend(res.pairs);
            break;
        }
        let side = if down.len() > up.len() { 1 } else { 0 };
        let side = if stacks[side].is_empty() { 1 - side } else { side };
        let Some((a, b)) = stacks[side].pop() else {
            return Err(no_pairing());
        };
        let cracked = GroupResult { pairs: Vec::new(), floaters: vec![a, b] };
        traces.push(step(cx, "pairing cracked for the median (2.6)", &[a, b], &[], &cracked));
        into_median[side].extend([a, b]);
    }

    let mut pairing = RoundPairing {
        boards: stacks
            .iter()
            .flatten()
            .map(|&(a, b)| {
                let (white, black) = colour::allocate(cx, a, b);
                Board { white, black }
            })
            .collect(),
        bye,
    };
    pairing.sort_boards(cx.t);
    Ok((pairing, traces))
}
