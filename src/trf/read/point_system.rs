//! The point system: bbpPairings `BB*` lines, JaVaFo `XXS` lines and the TRF-2026 tag `162`,
//! applied top-down as they come (later lines override earlier ones), and the point system in
//! words for the messages of the score check.

use super::line::{quoted, Line};
use super::reader::Reader;
use crate::points::{PointSystem, Points};
use crate::trf::TrfError;

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
    fn set_win(&mut self, v: Points) {
        let s = &mut self.system;
        (s.win_white, s.win_black, s.forfeit_win, s.full_bye) = (v, v, v, v);
        if !self.pab_stated {
            s.pairing_bye = v;
        }
    }

    /// A draw and the half-point bye (BBD, 162 D).
    fn set_draw(&mut self, v: Points) {
        let s = &mut self.system;
        (s.draw_white, s.draw_black, s.half_bye) = (v, v, v);
    }

    /// A played loss (BBL, 162 L).
    fn set_loss(&mut self, v: Points) {
        (self.system.loss_white, self.system.loss_black) = (v, v);
    }

    fn set_pab(&mut self, v: Points) {
        self.system.pairing_bye = v;
        self.pab_stated = true;
    }

    /// One JaVaFo XXS code (AUM "Scoring point system"); false for an unknown code.
    fn set_xxs(&mut self, code: &str, v: Points) -> bool {
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

const XXS_CODES: &str = "WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D";

/// `1` for 1.0, `0.5` for 0.5: the short form used in "1-0.5-0".
fn short_points(p: Points) -> String {
    let s = p.to_string();
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// The point system in words for messages: `1-0.5-0 (PAB 1.0)`, then whatever departs from it.
pub(super) fn describe_point_system(s: &PointSystem) -> String {
    let uniform = s.win_white == s.win_black
        && s.forfeit_win == s.win_white
        && s.full_bye == s.win_white
        && s.draw_white == s.draw_black
        && s.half_bye == s.draw_white
        && s.loss_white == s.loss_black;
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

impl Reader<'_> {
    /// `XXS CODE=VALUE ...`, applied left to right (later codes override earlier ones).
    pub(super) fn xxs(&mut self, line: &Line) -> Result<(), TrfError> {
        let tokens = line.tokens(4);
        if tokens.is_empty() {
            return Err(self.error(line.no, 5, "XXS", "missing CODE=VALUE; expected e.g. 'XXS W=3 D=1'"));
        }
        for t in tokens {
            let Some((code, value)) = t.text.split_once('=') else {
                let message = format!("'{}' is not CODE=VALUE; expected e.g. W=3.0", t.text);
                return Err(self.error(line.no, t.col, "XXS", message));
            };
            let Some(points) = Points::parse(value) else {
                let message = format!("{} is not a number of points in '{}'; expected e.g. 1.5", quoted(value), t.text);
                return Err(self.error(line.no, t.col, "XXS", message));
            };
            if !self.points.set_xxs(&code.to_ascii_uppercase(), points) {
                let message = format!("unknown code '{code}' in '{}'; expected one of {XXS_CODES}", t.text);
                return Err(self.error(line.no, t.col, "XXS", message));
            }
        }
        self.doc.point_system_explicit = true;
        Ok(())
    }

    /// `BBW pp.p` ... `BBU pp.p` (bbpPairings TRF(bx)).
    pub(super) fn bb(&mut self, line: &Line, code: &str) -> Result<(), TrfError> {
        let example = format!("{code}  1.0");
        let [value] = self.exactly_one(line, code, "the number of points", &example)?;
        let points = Points::parse(&value.text).ok_or_else(|| {
            let message = format!("'{}' is not a number of points; expected e.g. 3.0", value.text);
            self.error(line.no, value.col, code, message)
        })?;
        let state = &mut self.points;
        match code {
            "BBW" => state.set_win(points),
            "BBD" => state.set_draw(points),
            "BBL" => state.set_loss(points),
            "BBZ" => state.system.zero_bye = points,
            "BBF" => state.system.forfeit_loss = points,
            _ => state.set_pab(points),
        }
        self.doc.point_system_explicit = true;
        Ok(())
    }

    /// `162`: result code (column 6) and points (columns 7-10), repeated every 9 columns. Read
    /// as blank-separated words so that `W 3.0` and `W3.0` are both accepted.
    pub(super) fn tag162(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "162 point system";
        let mut tokens = line.tokens(4).into_iter().peekable();
        if tokens.peek().is_none() {
            return Err(self.error(line.no, 6, FIELD, "missing result code and points; expected e.g. 'W 3.0'"));
        }
        while let Some(t) = tokens.next() {
            let mut chars = t.text.chars();
            let code = chars.next().unwrap_or(' ').to_ascii_uppercase();
            if !"WDLAPX".contains(code) {
                let message = format!("'{}' is not a result code; expected one of W D L A P X", t.text);
                return Err(self.error(line.no, t.col, FIELD, message));
            }
            let glued: String = chars.collect();
            let (value, col) = if glued.is_empty() {
                match tokens.next() {
                    Some(v) => (v.text, v.col),
                    None => {
                        let message = format!("'{code}' has no points; expected e.g. '{code} 1.0'");
                        return Err(self.error(line.no, t.col, FIELD, message));
                    }
                }
            } else {
                (glued, t.col + 1)
            };
            let points = Points::parse(&value).ok_or_else(|| {
                let message = format!("'{value}' is not a number of points for '{code}'; expected e.g. 1.0");
                self.error(line.no, col, FIELD, message)
            })?;
            self.apply162(code, points);
        }
        self.doc.point_system_explicit = true;
        Ok(())
    }

    /// TRF-2026 table "Result codes and defaults".
    fn apply162(&mut self, code: char, points: Points) {
        let state = &mut self.points;
        match code {
            'W' => state.set_win(points),
            'D' => state.set_draw(points),
            'L' => state.set_loss(points),
            'A' => (state.system.zero_bye, state.system.forfeit_loss) = (points, points),
            'P' => state.set_pab(points),
            _ => self.doc.unknown_result_points = Some(points),
        }
    }
}
