//! The point system: bbpPairings `BB*` lines, JaVaFo `XXS` lines and the TRF-2026 tag `162`,
//! applied top-down as they come (later lines override earlier ones), and the point system in
//! words for the messages of the score check.

use super::line::{quoted, Line};
use super::point_state::XXS_CODES;
use super::reader::Reader;
use crate::points::Points;
use crate::trf::TrfError;

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
