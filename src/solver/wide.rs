//! Fixed-width signed integers of `L × 64` bits, for exact lexicographic edge weights.
//!
//! A bracket's lexicographic optimisation is merged into one integer weight per edge,
//! `w = Σ_k M_k · c_k`, where each multiplier `M_k` exceeds everything the later stages can
//! add up to. Those weights need a few hundred to a few thousand bits, far beyond `i128`.
//! [`Wide<L>`] is a plain `[u64; L]` in two's complement (least significant limb first):
//! it is `Copy`, never allocates, and every operation is a short loop over `L` limbs, so the
//! blossom algorithm of [`super::weighted_matching`] runs on it without touching the heap.
//!
//! # Overflow
//!
//! Exactness is the whole point, so nothing wraps silently:
//! - the `checked_*` methods return `None` when the exact result does not fit in `L` limbs;
//!   a caller building weights uses them to pick `L` (or [`Wide::bit_len`] to size it);
//! - the operators (`+`, `-`, unary `-`, `+=`, `-=`, `<<`) and [`Wide::shl`] /
//!   [`Wide::mul_small`] **panic** on overflow, in every build profile (the check is one
//!   comparison of sign bits for `+`/`-`, negligible next to the limb loop); `>>` is an
//!   arithmetic shift (floor division by a power of two) and cannot overflow;
//! - the `wrapping_*` methods are there for the rare caller that wants modular arithmetic.
//!
//! The module also implements [`MatchWeight`] for `Wide<L>`, `i64` and `i128`.

use super::weighted_matching::MatchWeight;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Neg, Shl, Shr, Sub, SubAssign};

/// A signed integer of `L × 64` bits in two's complement, least significant limb first.
///
/// The range is `-2^(64L-1) ..= 2^(64L-1) - 1`. `L` must be at least 1 (checked at compile time
/// when a value is constructed).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const L: usize> {
    limbs: [u64; L],
}

impl<const L: usize> Wide<L> {
    /// Compile-time guard: a zero-limb integer makes no sense.
    const NONEMPTY: () = assert!(L >= 1, "Wide<L> needs at least one limb");

    /// Zero.
    pub const ZERO: Self = {
        let () = Self::NONEMPTY;
        Wide { limbs: [0; L] }
    };

    /// One.
    pub const ONE: Self = {
        let mut limbs = [0; L];
        limbs[0] = 1;
        Wide { limbs }
    };

    /// The largest value, `2^(64L-1) - 1`.
    pub const MAX: Self = {
        let mut limbs = [u64::MAX; L];
        limbs[L - 1] = i64::MAX as u64;
        Wide { limbs }
    };

    /// The smallest value, `-2^(64L-1)`.
    pub const MIN: Self = {
        let mut limbs = [0; L];
        limbs[L - 1] = 1 << 63;
        Wide { limbs }
    };

    /// The number of bits, `64 L`.
    pub const BITS: u32 = 64 * L as u32;

    /// Builds a value from its two's-complement limbs, least significant first.
    pub const fn from_limbs(limbs: [u64; L]) -> Self {
        let () = Self::NONEMPTY;
        Wide { limbs }
    }

    /// The two's-complement limbs, least significant first.
    pub const fn limbs(&self) -> [u64; L] {
        self.limbs
    }

    /// Sign-extends an `i64` (always fits).
    pub const fn from_i64(v: i64) -> Self {
        let () = Self::NONEMPTY;
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; L];
        limbs[0] = v as u64;
        Wide { limbs }
    }

    /// Zero-extends a `u64`; `None` if `L == 1` and `v > i64::MAX`.
    pub const fn try_from_u64(v: u64) -> Option<Self> {
        let () = Self::NONEMPTY;
        if L == 1 && v > i64::MAX as u64 {
            return None;
        }
        let mut limbs = [0; L];
        limbs[0] = v;
        Some(Wide { limbs })
    }

    /// Sign-extends an `i128`; `None` if `L == 1` and `v` does not fit in 64 bits.
    pub const fn try_from_i128(v: i128) -> Option<Self> {
        let () = Self::NONEMPTY;
        if L == 1 {
            if v < i64::MIN as i128 || v > i64::MAX as i128 {
                return None;
            }
            return Some(Self::from_i64(v as i64));
        }
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; L];
        limbs[0] = v as u64;
        limbs[1] = (v >> 64) as u64;
        Some(Wide { limbs })
    }

    /// The value as an `i128`, if it fits.
    pub fn to_i128(&self) -> Option<i128> {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let low = self.limbs[0] as u128;
        let high = if L > 1 { self.limbs[1] } else { fill };
        let value = (low | ((high as u128) << 64)) as i128;
        let extension_ok = self.limbs.iter().skip(2).all(|&l| l == fill);
        // With L == 1 the high limb is the sign fill; with L >= 2 the top bit of limb 1 must
        // agree with the fill of the higher limbs.
        let sign_ok = L <= 2 || ((high >> 63) == (fill & 1));
        (extension_ok && sign_ok).then_some(value)
    }

    /// `true` for zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&l| l == 0)
    }

    /// `true` for values below zero.
    #[inline]
    pub fn is_negative(&self) -> bool {
        (self.limbs[L - 1] as i64) < 0
    }

    /// `true` for values above zero.
    #[inline]
    pub fn is_positive(&self) -> bool {
        !self.is_negative() && !self.is_zero()
    }

    /// `true` if the value is divisible by two.
    #[inline]
    pub fn is_even(&self) -> bool {
        self.limbs[0] & 1 == 0
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.is_negative() {
            -1
        } else if self.is_zero() {
            0
        } else {
            1
        }
    }

    /// The number of bits of `|self|` (0 for zero). A value with `bit_len() <= 64 K - 1`
    /// fits in `Wide<K>`.
    pub fn bit_len(&self) -> u32 {
        let mag = self.magnitude();
        for i in (0..L).rev() {
            if mag[i] != 0 {
                return 64 * i as u32 + (64 - mag[i].leading_zeros());
            }
        }
        0
    }

    /// `|self|` as an unsigned `L`-limb number (exact even for [`Wide::MIN`]).
    fn magnitude(&self) -> [u64; L] {
        if self.is_negative() {
            self.wrapping_neg().limbs
        } else {
            self.limbs
        }
    }

    /// `self + rhs` modulo `2^(64L)`, with the signed-overflow flag.
    #[inline]
    pub fn overflowing_add(self, rhs: Self) -> (Self, bool) {
        let mut limbs = [0u64; L];
        let mut carry = false;
        for (i, out) in limbs.iter_mut().enumerate() {
            let (s1, c1) = self.limbs[i].overflowing_add(rhs.limbs[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *out = s2;
            carry = c1 | c2;
        }
        let r = Wide { limbs };
        let (a, b, s) = (self.is_negative(), rhs.is_negative(), r.is_negative());
        (r, a == b && s != a)
    }

    /// `self - rhs` modulo `2^(64L)`, with the signed-overflow flag.
    #[inline]
    pub fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
        let mut limbs = [0u64; L];
        let mut borrow = false;
        for (i, out) in limbs.iter_mut().enumerate() {
            let (s1, b1) = self.limbs[i].overflowing_sub(rhs.limbs[i]);
            let (s2, b2) = s1.overflowing_sub(borrow as u64);
            *out = s2;
            borrow = b1 | b2;
        }
        let r = Wide { limbs };
        let (a, b, s) = (self.is_negative(), rhs.is_negative(), r.is_negative());
        (r, a != b && s != a)
    }

    /// `self + rhs`, or `None` on overflow.
    #[inline]
    pub fn checked_add(self, rhs: Self) -> Option<Self> {
        let (r, o) = self.overflowing_add(rhs);
        (!o).then_some(r)
    }

    /// `self - rhs`, or `None` on overflow.
    #[inline]
    pub fn checked_sub(self, rhs: Self) -> Option<Self> {
        let (r, o) = self.overflowing_sub(rhs);
        (!o).then_some(r)
    }

    /// `-self`, or `None` for [`Wide::MIN`].
    #[inline]
    pub fn checked_neg(self) -> Option<Self> {
        (self != Self::MIN).then(|| self.wrapping_neg())
    }

    /// `self + rhs` modulo `2^(64L)`.
    #[inline]
    pub fn wrapping_add(self, rhs: Self) -> Self {
        self.overflowing_add(rhs).0
    }

    /// `self - rhs` modulo `2^(64L)`.
    #[inline]
    pub fn wrapping_sub(self, rhs: Self) -> Self {
        self.overflowing_sub(rhs).0
    }

    /// `-self` modulo `2^(64L)` ([`Wide::MIN`] maps to itself).
    #[inline]
    pub fn wrapping_neg(self) -> Self {
        Self::ZERO.overflowing_sub(self).0
    }

    /// `|self|`, or `None` for [`Wide::MIN`].
    pub fn checked_abs(self) -> Option<Self> {
        if self.is_negative() {
            self.checked_neg()
        } else {
            Some(self)
        }
    }

    /// `self · 2^bits` modulo `2^(64L)`.
    pub fn wrapping_shl(self, bits: u32) -> Self {
        if bits >= Self::BITS {
            return Self::ZERO;
        }
        let (words, rest) = ((bits / 64) as usize, bits % 64);
        let mut limbs = [0u64; L];
        for i in (words..L).rev() {
            let src = i - words;
            let mut v = self.limbs[src] << rest;
            if rest != 0 && src > 0 {
                v |= self.limbs[src - 1] >> (64 - rest);
            }
            limbs[i] = v;
        }
        Wide { limbs }
    }

    /// `self · 2^bits`, or `None` if it does not fit.
    pub fn checked_shl(self, bits: u32) -> Option<Self> {
        if bits >= Self::BITS {
            return self.is_zero().then_some(Self::ZERO);
        }
        let r = self.wrapping_shl(bits);
        (r.shr(bits) == self).then_some(r)
    }

    /// `self · 2^bits` (also available as the `<<` operator).
    ///
    /// # Panics
    /// If the result does not fit in `L` limbs (use [`Wide::checked_shl`] to test).
    // An inherent method so that callers need not import `std::ops::Shl`; same semantics.
    #[allow(clippy::should_implement_trait)]
    pub fn shl(self, bits: u32) -> Self {
        match self.checked_shl(bits) {
            Some(r) => r,
            None => panic!("Wide<{L}> overflow in shl({bits})"),
        }
    }

    /// Arithmetic shift right: `floor(self / 2^bits)` (also available as the `>>` operator).
    #[allow(clippy::should_implement_trait)]
    pub fn shr(self, bits: u32) -> Self {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        if bits >= Self::BITS {
            return Wide { limbs: [fill; L] };
        }
        let (words, rest) = ((bits / 64) as usize, bits % 64);
        let mut limbs = [fill; L];
        for (i, out) in limbs.iter_mut().enumerate().take(L - words) {
            let src = i + words;
            let next = if src + 1 < L { self.limbs[src + 1] } else { fill };
            *out = if rest == 0 { self.limbs[src] } else { (self.limbs[src] >> rest) | (next << (64 - rest)) };
        }
        Wide { limbs }
    }

    /// `self / 2`, exact for even values (rounds towards minus infinity otherwise). The blossom
    /// algorithm only halves even values.
    #[inline]
    pub fn half(self) -> Self {
        let mut limbs = [0u64; L];
        for (i, out) in limbs.iter_mut().enumerate() {
            let next = if i + 1 < L {
                self.limbs[i + 1]
            } else if self.is_negative() {
                u64::MAX
            } else {
                0
            };
            *out = (self.limbs[i] >> 1) | (next << 63);
        }
        Wide { limbs }
    }

    /// `self · k`, or `None` if it does not fit.
    pub fn checked_mul_small(self, k: u64) -> Option<Self> {
        let negative = self.is_negative();
        let mag = self.magnitude();
        let mut limbs = [0u64; L];
        let mut carry = 0u128;
        for (i, out) in limbs.iter_mut().enumerate() {
            let p = mag[i] as u128 * k as u128 + carry;
            *out = p as u64;
            carry = p >> 64;
        }
        if carry != 0 {
            return None;
        }
        let product = Wide { limbs };
        if !negative {
            return (!product.is_negative()).then_some(product);
        }
        // |result| may be at most 2^(64L-1), i.e. the top bit set only for exactly MIN.
        if product.is_negative() && product != Self::MIN {
            return None;
        }
        Some(product.wrapping_neg())
    }

    /// `self · k`.
    ///
    /// # Panics
    /// If the result does not fit in `L` limbs (use [`Wide::checked_mul_small`] to test).
    pub fn mul_small(self, k: u64) -> Self {
        match self.checked_mul_small(k) {
            Some(r) => r,
            None => panic!("Wide<{L}> overflow in mul_small({k})"),
        }
    }

    /// Converts to a different width, or `None` if the value does not fit.
    pub fn resize<const K: usize>(self) -> Option<Wide<K>> {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let mut limbs = [fill; K];
        for (i, out) in limbs.iter_mut().enumerate() {
            if i < L {
                *out = self.limbs[i];
            }
        }
        let r = Wide::<K>::from_limbs(limbs);
        let extension_ok = self.limbs.iter().skip(K).all(|&l| l == fill);
        (extension_ok && r.is_negative() == self.is_negative()).then_some(r)
    }

    /// Approximate value as `f64` (for logging and heuristics only).
    pub fn to_f64(&self) -> f64 {
        let mag = self.magnitude();
        let v = mag.iter().rev().fold(0.0f64, |acc, &l| acc * 18_446_744_073_709_551_616.0 + l as f64);
        if self.is_negative() {
            -v
        } else {
            v
        }
    }
}

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const L: usize> From<i64> for Wide<L> {
    fn from(v: i64) -> Self {
        Self::from_i64(v)
    }
}

impl<const L: usize> From<i32> for Wide<L> {
    fn from(v: i32) -> Self {
        Self::from_i64(v as i64)
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.limbs[L - 1] as i64, other.limbs[L - 1] as i64);
        if a != b {
            return a.cmp(&b);
        }
        for i in (0..L - 1).rev() {
            if self.limbs[i] != other.limbs[i] {
                return self.limbs[i].cmp(&other.limbs[i]);
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;

    /// # Panics
    /// On overflow, in every build profile.
    #[inline]
    fn add(self, rhs: Self) -> Self {
        let (r, o) = self.overflowing_add(rhs);
        if o {
            overflow_panic(L, "+");
        }
        r
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;

    /// # Panics
    /// On overflow, in every build profile.
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        let (r, o) = self.overflowing_sub(rhs);
        if o {
            overflow_panic(L, "-");
        }
        r
    }
}

impl<const L: usize> Neg for Wide<L> {
    type Output = Self;

    /// # Panics
    /// For [`Wide::MIN`].
    #[inline]
    fn neg(self) -> Self {
        match self.checked_neg() {
            Some(r) => r,
            None => overflow_panic(L, "neg"),
        }
    }
}

impl<const L: usize> Shl<u32> for Wide<L> {
    type Output = Self;

    /// # Panics
    /// If the result does not fit (unlike the primitive integers, which discard bits).
    fn shl(self, bits: u32) -> Self {
        Wide::shl(self, bits)
    }
}

impl<const L: usize> Shr<u32> for Wide<L> {
    type Output = Self;

    /// Arithmetic shift: `floor(self / 2^bits)`; any `bits` is allowed.
    fn shr(self, bits: u32) -> Self {
        Wide::shr(self, bits)
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        MatchWeight::add_into(self, &rhs);
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        MatchWeight::sub_into(self, &rhs);
    }
}

impl<const L: usize> std::iter::Sum for Wide<L> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::ZERO, |a, b| a + b)
    }
}

#[cold]
#[inline(never)]
fn overflow_panic(limbs: usize, op: &str) -> ! {
    panic!("Wide<{limbs}> overflow in `{op}`")
}

impl<const L: usize> fmt::Display for Wide<L> {
    /// Decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        let mut mag = self.magnitude();
        let mut chunks = Vec::new();
        loop {
            let mut rem = 0u128;
            for limb in mag.iter_mut().rev() {
                let cur = (rem << 64) | *limb as u128;
                *limb = (cur / CHUNK as u128) as u64;
                rem = cur % CHUNK as u128;
            }
            chunks.push(rem as u64);
            if mag.iter().all(|&l| l == 0) {
                break;
            }
        }
        let mut digits = String::new();
        let mut iter = chunks.iter().rev();
        if let Some(first) = iter.next() {
            digits.push_str(&first.to_string());
        }
        for c in iter {
            digits.push_str(&format!("{c:019}"));
        }
        f.pad_integral(!self.is_negative(), "", &digits)
    }
}

impl<const L: usize> fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<const L: usize> MatchWeight for Wide<L> {
    #[inline]
    fn zero() -> Self {
        Self::ZERO
    }

    #[inline]
    fn one() -> Self {
        Self::ONE
    }

    #[inline]
    fn checked_add(self, rhs: Self) -> Option<Self> {
        Wide::checked_add(self, rhs)
    }

    #[inline]
    fn half(self) -> Self {
        Wide::half(self)
    }

    #[inline]
    fn is_even(self) -> bool {
        Wide::is_even(&self)
    }

    /// One pass over the limbs with a carry and a borrow chain, no temporaries: the result is
    /// exact whenever it is representable (the intermediate sum may wrap).
    #[inline]
    fn add_sub(a: &Self, b: &Self, c: &Self) -> Self {
        let (mut carry, mut borrow) = (false, false);
        let limbs = std::array::from_fn(|i| {
            let (s1, c1) = a.limbs[i].overflowing_add(b.limbs[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            carry = c1 | c2;
            let (d1, b1) = s2.overflowing_sub(c.limbs[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            borrow = b1 | b2;
            d2
        });
        let r = Wide { limbs };
        debug_assert_eq!(a.checked_add(*b).and_then(|s| s.checked_sub(*c)), Some(r));
        r
    }

    #[inline]
    fn add_into(&mut self, rhs: &Self) {
        let mut carry = false;
        let sign = self.is_negative();
        for (limb, r) in self.limbs.iter_mut().zip(rhs.limbs.iter()) {
            let (s1, c1) = limb.overflowing_add(*r);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *limb = s2;
            carry = c1 | c2;
        }
        if sign == rhs.is_negative() && self.is_negative() != sign {
            overflow_panic(L, "+=");
        }
    }

    #[inline]
    fn sub_into(&mut self, rhs: &Self) {
        let mut borrow = false;
        let sign = self.is_negative();
        for (limb, r) in self.limbs.iter_mut().zip(rhs.limbs.iter()) {
            let (s1, b1) = limb.overflowing_sub(*r);
            let (s2, b2) = s1.overflowing_sub(borrow as u64);
            *limb = s2;
            borrow = b1 | b2;
        }
        if sign != rhs.is_negative() && self.is_negative() != sign {
            overflow_panic(L, "-=");
        }
    }

    #[inline]
    fn is_positive(&self) -> bool {
        Wide::is_positive(self)
    }

    #[inline]
    fn is_zero(&self) -> bool {
        Wide::is_zero(self)
    }
}

impl MatchWeight for i64 {
    #[inline]
    fn zero() -> Self {
        0
    }

    #[inline]
    fn one() -> Self {
        1
    }

    #[inline]
    fn checked_add(self, rhs: Self) -> Option<Self> {
        i64::checked_add(self, rhs)
    }

    #[inline]
    fn half(self) -> Self {
        self >> 1
    }

    #[inline]
    fn is_even(self) -> bool {
        self & 1 == 0
    }
}

impl MatchWeight for i128 {
    #[inline]
    fn zero() -> Self {
        0
    }

    #[inline]
    fn one() -> Self {
        1
    }

    #[inline]
    fn checked_add(self, rhs: Self) -> Option<Self> {
        i128::checked_add(self, rhs)
    }

    #[inline]
    fn half(self) -> Self {
        self >> 1
    }

    #[inline]
    fn is_even(self) -> bool {
        self & 1 == 0
    }
}
