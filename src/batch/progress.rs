//! Progress with ETA on standard error: a bar redrawn in place on a terminal, otherwise (batch
//! logs, e.g. a Slurm job's) one line at every tenth of the work.

use std::io::{IsTerminal, Write};
use std::time::Instant;

/// A batch's progress on standard error: units finished (and failed) out of those to run.
pub struct Progress {
    total: usize,
    done: usize,
    failed: usize,
    start: Instant,
    enabled: bool,
    terminal: bool,
}

fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else {
        format!("{}m{:02}s", s / 60, s % 60)
    }
}

impl Progress {
    /// Progress of `total` units; silent when `quiet`.
    pub fn new(total: usize, quiet: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let p = Progress { total, done: 0, failed: 0, start: Instant::now(), enabled: !quiet && total > 0, terminal };
        p.draw();
        p
    }

    /// One more unit finished.
    pub fn tick(&mut self, ok: bool) {
        self.done += 1;
        self.failed += usize::from(!ok);
        self.draw();
    }

    fn draw(&self) {
        let decile = |k: usize| 10 * k / self.total.max(1);
        let new_tenth = self.done > 0 && decile(self.done) != decile(self.done - 1);
        if !self.enabled || (!self.terminal && !new_tenth) {
            return;
        }
        const WIDTH: usize = 30;
        let filled = WIDTH * self.done / self.total.max(1);
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = if self.done > 0 {
            clock(elapsed / self.done as f64 * (self.total - self.done) as f64)
        } else {
            "?".into()
        };
        let failed = if self.failed > 0 { format!(", {} failed", self.failed) } else { String::new() };
        let mut err = std::io::stderr().lock();
        let (start, end) = if self.terminal { ("\r", "  ") } else { ("", "\n") };
        let _ = write!(
            err,
            "{start}[{}{}] {}/{} units{failed}, {} elapsed, ETA {eta}{end}",
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            self.done,
            self.total,
            clock(elapsed)
        );
        let _ = err.flush();
    }

    /// Ends the bar's line.
    pub fn finish(&self) {
        if self.enabled && self.terminal {
            eprintln!();
        }
    }
}
