//! How many threads one round's solver may use for its passes over a large graph.
//!
//! The pricing of a dense bracket's weighted matching reads every allowed pair two or three
//! times per solve (`weighted_matching::priced`); those passes are split into consecutive ranges
//! of pairs, one per thread, and their findings merged in a fixed order, so the answer is the
//! same on any number of threads. `lexpair pair` and the drop-in form set it from `--threads`
//! (default: the machine's cores); everything else (a batch already runs its units in parallel,
//! the Python module, a program using the library) keeps one unless it calls [`set`].

use std::sync::atomic::{AtomicUsize, Ordering};

static THREADS: AtomicUsize = AtomicUsize::new(1);

/// Work of at least this many items is split between the threads set: a bracket model's
/// candidate pairs (`systems::dutch::bracket`), its criteria's stages by its pairs
/// (`systems::dutch::criteria`), the terms of the stages a matching session takes in at once
/// and its pairs listed by player (`solver::matching_lex`). Below it a thread costs more than it
/// saves.
pub const PARALLEL_WORK: usize = 200_000;

/// Sets the number of threads (at least one).
pub fn set(n: usize) {
    THREADS.store(n.max(1), Ordering::Relaxed);
}

/// The number of threads set (one by default).
pub fn get() -> usize {
    THREADS.load(Ordering::Relaxed)
}

/// The machine's cores (one when unknown).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `0..len` cut into at most `parts` consecutive ranges of about the same length (one range when
/// `len` is below `min_len` per part), in order.
pub fn ranges(len: usize, parts: usize, min_len: usize) -> Vec<std::ops::Range<usize>> {
    let parts = parts.clamp(1, (len / min_len.max(1)).max(1));
    (0..parts).map(|p| len * p / parts..len * (p + 1) / parts).collect()
}

/// Runs `f` on each of `ranges`, each on its own scoped thread but the first, which runs on the
/// caller's; the results in the order of the ranges.
pub fn map_ranges<T: Send, F: Fn(std::ops::Range<usize>) -> T + Sync>(
    ranges: &[std::ops::Range<usize>],
    f: F,
) -> Vec<T> {
    if ranges.len() <= 1 {
        return ranges.iter().cloned().map(&f).collect();
    }
    std::thread::scope(|scope| {
        let f = &f;
        let others: Vec<_> = ranges[1..].iter().cloned().map(|r| scope.spawn(move || f(r))).collect();
        let mut out = vec![f(ranges[0].clone())];
        out.extend(others.into_iter().map(|h| h.join().expect("a pass thread panicked")));
        out
    })
}

/// [`map_ranges`] with one item of `items` handed to each range (as many as there are ranges).
pub fn map_ranges_with<I: Send, T: Send, F: Fn(std::ops::Range<usize>, I) -> T + Sync>(
    ranges: &[std::ops::Range<usize>],
    items: Vec<I>,
    f: F,
) -> Vec<T> {
    assert_eq!(ranges.len(), items.len(), "one item per range");
    let mut work = ranges.iter().cloned().zip(items);
    let Some(first) = work.next() else { return Vec::new() };
    std::thread::scope(|scope| {
        let f = &f;
        let others: Vec<_> = work.map(|(r, i)| scope.spawn(move || f(r, i))).collect();
        let mut out = vec![f(first.0, first.1)];
        out.extend(others.into_iter().map(|h| h.join().expect("a pass thread panicked")));
        out
    })
}

/// `f` of every item, item `k` on thread `k mod N` (`N` the threads set, at most one per item;
/// the caller's thread takes the first), the answers in the items' order: the same on any number
/// of threads. For work in a few unequal pieces (a bracket's criteria, a session's stages), the
/// costliest of which need not be neighbours.
pub fn map_interleaved<I: Send, T: Send, F: Fn(I) -> T + Sync>(items: Vec<I>, f: F) -> Vec<T> {
    let threads = get().min(items.len());
    if threads <= 1 {
        return items.into_iter().map(f).collect();
    }
    let mut lanes: Vec<Vec<(usize, I)>> = (0..threads).map(|_| Vec::new()).collect();
    for (k, item) in items.into_iter().enumerate() {
        lanes[k % threads].push((k, item));
    }
    let ranges: Vec<std::ops::Range<usize>> = (0..threads).map(|t| t..t + 1).collect();
    let mut done: Vec<(usize, T)> =
        map_ranges_with(&ranges, lanes, |_, lane| lane.into_iter().map(|(k, item)| (k, f(item))).collect::<Vec<_>>())
            .into_iter()
            .flatten()
            .collect();
    done.sort_unstable_by_key(|d| d.0);
    done.into_iter().map(|d| d.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_cover_in_order() {
        for (len, parts, min) in [(0, 4, 10), (5, 4, 10), (100, 3, 10), (101, 4, 1), (7, 8, 1)] {
            let r = ranges(len, parts, min);
            assert!(!r.is_empty() && r.len() <= parts.max(1));
            assert_eq!(r[0].start, 0);
            assert_eq!(r.last().unwrap().end, len);
            assert!(r.windows(2).all(|w| w[0].end == w[1].start));
        }
        let sums = map_ranges(&ranges(1000, 3, 1), |r| r.sum::<usize>());
        assert_eq!(sums.iter().sum::<usize>(), (0..1000usize).sum::<usize>());
    }

    #[test]
    fn interleaved_answers_come_in_the_items_order() {
        for threads in [1, 2, 3, 8] {
            set(threads);
            let out = map_interleaved((0..10u64).collect(), |k| (k, k * k));
            set(1);
            assert_eq!(out, (0..10u64).map(|k| (k, k * k)).collect::<Vec<_>>(), "{threads} threads");
        }
        assert!(map_interleaved(Vec::<u8>::new(), |x| x).is_empty());
    }
}
