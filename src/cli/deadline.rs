//! The whole command under a time limit (`--time-limit SECONDS`), whatever the backend.
//!
//! The work (reading the file, building the state, pairing, rendering) runs on a worker thread;
//! the caller waits for it at most the limit and, past it, returns exit 2 without waiting
//! further. Work that ends after the limit (it ended while the caller was being woken, or the
//! limit is shorter than any round) is exit 2 too: the limit holds for small rounds as for
//! large ones. The worker is not interrupted: the process ends when the command returns, so
//! nothing the worker would have produced is ever written (the caller writes, after). The
//! solver internals know nothing of this limit.

use super::Failure;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Runs `work`, on a worker thread when a limit is given; exit 2 when it is not done in time.
pub fn within<T, F>(limit: Option<f64>, work: F) -> Result<T, Failure>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, Failure> + Send + 'static,
{
    let Some(seconds) = limit else {
        return work();
    };
    let wait = duration(seconds)?;
    let start = Instant::now();
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new()
        .name("pairing".into())
        .spawn(move || {
            // The receiver is gone only after the deadline: the result is not wanted any more.
            let _ = send.send(work());
        })
        .map_err(|e| Failure::Internal(format!("cannot start the pairing thread: {e}")))?;
    let late = || {
        Failure::Internal(format!(
            "time limit reached: the pairing was not complete after {seconds} s (--time-limit); nothing written"
        ))
    };
    match receive.recv_timeout(wait) {
        Ok(_) if start.elapsed() > wait => Err(late()),
        Ok(result) => result,
        Err(mpsc::RecvTimeoutError::Timeout) => Err(late()),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err(Failure::Internal("the pairing stopped without a result (internal failure)".into()))
        }
    }
}

/// A positive, finite number of seconds: one below a nanosecond is a nanosecond (it is positive,
/// and no round is paired in it), one beyond a century a century.
fn duration(seconds: f64) -> Result<Duration, Failure> {
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(Failure::Invalid(format!("--time-limit {seconds}: expected a positive number of seconds")));
    }
    const CENTURY: f64 = 100.0 * 365.25 * 86_400.0;
    Ok(Duration::from_secs_f64(seconds.min(CENTURY)).max(Duration::from_nanos(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_done_in_time_gives_its_result() {
        assert_eq!(within(Some(30.0), || Ok(7)).ok(), Some(7));
        assert_eq!(within(None, || Ok(8)).ok(), Some(8));
    }

    #[test]
    fn work_past_the_limit_is_exit_2() {
        let r: Result<(), Failure> = within(Some(0.05), || {
            std::thread::sleep(Duration::from_secs(5));
            Ok(())
        });
        assert_eq!(r.err().map(|f| f.code()), Some(2));
    }

    #[test]
    fn work_done_but_late_is_exit_2() {
        // Done in a millisecond, under a limit of a nanosecond: late all the same.
        let r = within(Some(1e-12), || Ok(3));
        assert_eq!(r.err().map(|f| f.code()), Some(2));
    }

    #[test]
    fn a_limit_that_is_not_a_positive_number_is_refused() {
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(within(Some(bad), || Ok(())).err().map(|f| f.code()), Some(3), "{bad}");
        }
    }
}
