//! Which consecutive stages merge into one weighted objective, and with which weights: a group
//! only while its weighted total provably stays within the merge limit and exact doubles (see
//! the module header). Apart from the session because it is arithmetic on the stages' value
//! bounds alone, with no solver in it.

use super::EXACT_LIMIT;
use crate::model::{BracketModel, SolveError};

/// Groups of consecutive stages (indices relative to `first`) whose weighted sum stays within
/// `max_mag`, with their weights.
pub(super) fn merge_groups(
    m: &BracketModel,
    first: usize,
    bounds: &[(i64, i64)],
    max_mag: i64,
    merge: bool,
) -> Result<Vec<Vec<(usize, i64)>>, SolveError> {
    let mut groups: Vec<Vec<(usize, i64)>> = Vec::new();
    let mut k = 0;
    while k < bounds.len() {
        let (lo, hi) = bounds[k];
        // A single stage must be exact in doubles, whatever the merge limit.
        if lo.unsigned_abs().max(hi.unsigned_abs()) > EXACT_LIMIT as u64 {
            return Err(SolveError::InvalidModel(format!(
                "stage {} can reach {} in magnitude, beyond exact floating point",
                m.stages[first + k].key,
                lo.unsigned_abs().max(hi.unsigned_abs())
            )));
        }
        let mut end = k + 1;
        while merge && end < bounds.len() {
            let cand: Vec<usize> = (k..=end).collect();
            if weighted_magnitude(&cand, bounds).is_some_and(|mag| mag <= max_mag as u128) {
                end += 1;
            } else {
                break;
            }
        }
        let idx: Vec<usize> = (k..end).collect();
        let weights = weights_for(&idx, bounds);
        groups.push(idx.into_iter().zip(weights).collect());
        k = end;
    }
    Ok(groups)
}

/// The weight of a stage in a group: the product of (range + 1) of all later stages in it.
fn weights_for(idx: &[usize], bounds: &[(i64, i64)]) -> Vec<i64> {
    let mut w = vec![1i64; idx.len()];
    for j in (0..idx.len().saturating_sub(1)).rev() {
        let (lo, hi) = bounds[idx[j + 1]];
        w[j] = w[j + 1].saturating_mul(hi - lo + 1);
    }
    w
}

fn weighted_magnitude(idx: &[usize], bounds: &[(i64, i64)]) -> Option<u128> {
    let mut w: u128 = 1;
    let mut total: u128 = 0;
    for &j in idx.iter().rev() {
        let (lo, hi) = bounds[j];
        total = total.checked_add(w.checked_mul(lo.unsigned_abs().max(hi.unsigned_abs()) as u128)?)?;
        w = w.checked_mul((hi - lo + 1) as u128)?;
    }
    Some(total)
}
