//! The point system as the file builds it from `BB*`, `XXS` and `162` lines, applied top-down
//! ([`PointState`]), and the point system in words for messages. Plain data below the reader:
//! the reader's state holds one, `point_system.rs` reads the lines into it.

use crate::points::{PointSystem, Points};

/// The point system being built from BB*, XXS and 162 lines, applied top-down.
#[derive(Default)]
pub(super) struct PointState {
    pub(super) system: PointSystem,
    /// The PAB value was stated (BBU, XXS PAB, 162 P). Until then it follows the win value set by
    /// BBW or 162 W (bbpPairings: "If BBU is not specified, it defaults to the score for a win";
    /// TRF-2026 162: P defaults to "same as W"). XXS W does not move it (JaVaFo AUM example 2).
    pub(super) pab_stated: bool,
}

impl PointState {
    /// A win: regular, unrated, forfeit and full-point bye (BBW, 162 W).
    pub(super) fn set_win(&mut self, v: Points) {
        let s = &mut self.system;
        (s.win_white, s.win_black, s.forfeit_win, s.full_bye) = (v, v, v, v);
        if !self.pab_stated {
            s.pairing_bye = v;
        }
    }

    /// A draw and the half-point bye (BBD, 162 D).
    pub(super) fn set_draw(&mut self, v: Points) {
        let s = &mut self.system;
        (s.draw_white, s.draw_black, s.half_bye) = (v, v, v);
    }

    /// A played loss (BBL, 162 L).
    pub(super) fn set_loss(&mut self, v: Points) {
        (self.system.loss_white, self.system.loss_black) = (v, v);
    }

    pub(super) fn set_pab(&mut self, v: Points) {
        self.system.pairing_bye = v;
        self.pab_stated = true;
    }

    /// One JaVaFo XXS code (AUM "Scoring point system"); false for an unknown code.
    pub(super) fn set_xxs(&mut self, code: &str, v: Points) -> bool {
        let s = &mut self.system;
        match code {
            "WW" => s.win_white = v,
            "BW" => s.win_black = v,
            "WD" => s.draw_white = v,
            "BD" => s.draw_black = v,
            "WL" => s.loss_white = v,
            "BL" => s.loss_black = v,
            "ZPB" => s.zero_bye = v,
            "HPB" => s.half_bye = v,
            "FPB" => s.full_bye = v,
            "FW" => s.forfeit_win = v,
            "FL" => s.forfeit_loss = v,
            "W" => (s.win_white, s.win_black, s.forfeit_win, s.full_bye) = (v, v, v, v),
            "D" => (s.draw_white, s.draw_black, s.half_bye) = (v, v, v),
            "PAB" => self.set_pab(v),
            _ => return false,
        }
        true
    }
}

pub(super) const XXS_CODES: &str = "WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D";

/// `1` for 1.0, `0.5` for 0.5: the short form used in "1-0.5-0".
fn short_points(p: Points) -> String {
    let s = p.to_string();
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// The point system in words for messages: `1-0.5-0 (PAB 1.0)`, then whatever departs from it.
pub(super) fn describe_point_system(s: &PointSystem) -> String {
    let uniform = s.is_uniform();
    if !uniform {
        return format!(
            "WW={} BW={} WD={} BD={} WL={} BL={} FW={} FL={} FPB={} HPB={} ZPB={} PAB={}",
            s.win_white,
            s.win_black,
            s.draw_white,
            s.draw_black,
            s.loss_white,
            s.loss_black,
            s.forfeit_win,
            s.forfeit_loss,
            s.full_bye,
            s.half_bye,
            s.zero_bye,
            s.pairing_bye
        );
    }
    let mut text = format!(
        "{}-{}-{} (PAB {}",
        short_points(s.win_white),
        short_points(s.draw_white),
        short_points(s.loss_white),
        s.pairing_bye
    );
    if s.zero_bye != Points::ZERO {
        text.push_str(&format!(", zero-point bye {}", s.zero_bye));
    }
    if s.forfeit_loss != Points::ZERO {
        text.push_str(&format!(", forfeit loss {}", s.forfeit_loss));
    }
    text.push(')');
    text
}
