//! The letters of the compact play tables a page reads (`player.js`, `board.js`): one writer and
//! one reader of both formats, Hackenbush's and every other game's.
//!
//! The one idea: **bits go six to a character of a 64-letter alphabet (`A–Z a–z 0–9 - _`),
//! least significant bit first, and an outcome class is one letter (`L`, `R`, `P`, `N`)**. A
//! stream is written bit after bit and its last character padded with zeros; a set of flags is a
//! stream of one bit a flag.

use hackenbook_games::OutcomeClass;
use std::fmt;

/// Why a compact table (of either format) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad compact play table: {}", self.0)
    }
}

/// The 64 letters, a character's place its six bits.
pub(crate) const ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A bit stream written in [`ALPHABET`].
#[derive(Default)]
pub(crate) struct BitWriter {
    out: String,
    word: u64,
    held: usize,
}

impl BitWriter {
    /// Writes the low `bits` bits of `value`, least significant first.
    pub(crate) fn push(&mut self, value: u64, bits: usize) {
        for b in 0..bits {
            self.word |= ((value >> b) & 1) << self.held;
            self.held += 1;
            if self.held == 6 {
                self.flush();
            }
        }
    }

    fn flush(&mut self) {
        self.out.push(char::from(ALPHABET[self.word as usize]));
        self.word = 0;
        self.held = 0;
    }

    /// The bits written so far.
    pub(crate) fn written(&self) -> usize {
        6 * self.out.len() + self.held
    }

    /// The text, its last character padded with zeros.
    pub(crate) fn finish(mut self) -> String {
        if self.held > 0 {
            self.flush();
        }
        self.out
    }
}

/// A bit stream written by [`BitWriter`], read back as the page reads it.
pub(crate) struct BitReader {
    digits: Vec<u8>,
    at: usize,
}

impl BitReader {
    /// `None` if a character is not one of [`ALPHABET`].
    pub(crate) fn new(text: &str) -> Option<BitReader> {
        let digits = text
            .bytes()
            // A place in the 64-letter alphabet.
            .map(|c| ALPHABET.iter().position(|&a| a == c).map(|d| d as u8))
            .collect::<Option<Vec<u8>>>()?;
        Some(BitReader { digits, at: 0 })
    }

    /// The bits not read yet, the last character's padding with them.
    pub(crate) fn left(&self) -> usize {
        (6 * self.digits.len()).saturating_sub(self.at)
    }

    /// The next `bits` bits as a number; `None` past the end of the text.
    pub(crate) fn take(&mut self, bits: usize) -> Option<u64> {
        let mut value = 0;
        for b in 0..bits {
            let digit = self.digits.get(self.at / 6)?;
            value |= u64::from((digit >> (self.at % 6)) & 1) << b;
            self.at += 1;
        }
        Some(value)
    }
}

/// An outcome class's letter.
pub(crate) fn outcome_letter(o: OutcomeClass) -> char {
    match o {
        OutcomeClass::LeftWins => 'L',
        OutcomeClass::RightWins => 'R',
        OutcomeClass::SecondPlayer => 'P',
        OutcomeClass::FirstPlayer => 'N',
    }
}

/// The outcome class a letter stands for.
pub(crate) fn letter_outcome(c: char) -> Option<OutcomeClass> {
    Some(match c {
        'L' => OutcomeClass::LeftWins,
        'R' => OutcomeClass::RightWins,
        'P' => OutcomeClass::SecondPlayer,
        'N' => OutcomeClass::FirstPlayer,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        let mut w = BitWriter::default();
        for (v, b) in [(5, 3), (0, 0), (1, 1), (0x3ffff, 18), (2, 7)] {
            w.push(v, b);
        }
        let text = w.finish();
        // 29 bits: five characters, the last padded.
        assert_eq!(text.len(), 5);
        let mut r = BitReader::new(&text).unwrap();
        for (v, b) in [(5, 3), (0, 0), (1, 1), (0x3ffff, 18), (2, 7)] {
            assert_eq!(r.take(b), Some(v));
        }
        assert_eq!(r.take(1), Some(0), "padding");
        assert!(BitReader::new("A*").is_none());
    }

    /// The letters the pages' scripts read: bit 0 of the first flag is the lowest bit of the
    /// first character.
    #[test]
    fn bits_are_six_to_a_character_least_significant_first() {
        let letters = |bits: &[u64]| {
            let mut w = BitWriter::default();
            for &b in bits {
                w.push(b, 1);
            }
            w.finish()
        };
        assert_eq!(letters(&[]), "");
        assert_eq!(letters(&[1]), "B");
        assert_eq!(letters(&[0, 1, 1]), "G");
        assert_eq!(letters(&[1; 6]), "_");
        assert_eq!(letters(&[0, 0, 0, 0, 0, 0, 1]), "AB");
        for c in ['L', 'R', 'P', 'N'] {
            assert_eq!(letter_outcome(c).map(outcome_letter), Some(c));
        }
        assert_eq!(letter_outcome('X'), None);
    }
}
