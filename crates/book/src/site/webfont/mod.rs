//! Web fonts: each bundled font cut down to the glyphs the site can show, as WOFF2.
//!
//! The one idea: **a glyph the site never shows costs nothing to download**. The characters
//! of every page, split between the maths face (inside `<math>`) and the text faces, and a
//! fixed set a reader may type or a script may show ([`SiteCharacters`]), are
//! mapped to glyphs through the font's `cmap`, and the set is closed under the font's own
//! substitutions (`GSUB`: ligatures, script-size and stylistic variants) and, for the maths
//! font, its `MATH` variants and stretchy-glyph parts. The outlines of every other glyph are
//! emptied ([`cff::prune`]) while every glyph keeps its number, so the layout and maths tables
//! need no rewriting and Chromium lays maths out exactly as with the whole font. The result is
//! compressed as WOFF2 by the `ttf2woff2` crate.

mod cff;

use std::collections::BTreeSet;
use std::io;

use ttf_parser::gsub::{SingleSubstitution, SubstitutionSubtable};
use ttf_parser::opentype_layout::Lookup;
use ttf_parser::{Face, GlyphId};

/// Characters the text faces keep whatever the pages hold: what a reader may type into a
/// field or a script may write (ASCII, the no-break space, the middle dot, the multiplication
/// sign, dashes and quotes, vulgar fractions, the arrows, star and minus of game values).
const TEXT_BASELINE: &[(char, char)] = &[
    (' ', '~'),
    ('\u{A0}', '\u{A0}'),
    ('\u{B7}', '\u{B7}'),
    ('\u{BC}', '\u{BE}'),
    ('\u{D7}', '\u{D7}'),
    ('\u{2010}', '\u{2027}'),
    ('\u{2150}', '\u{215F}'),
    ('\u{2191}', '\u{2191}'),
    ('\u{2193}', '\u{2193}'),
    ('\u{21D1}', '\u{21D1}'),
    ('\u{21D3}', '\u{21D3}'),
    ('\u{2212}', '\u{2212}'),
    ('\u{2217}', '\u{2217}'),
    ('\u{22C6}', '\u{22C6}'),
];

/// Characters the maths face keeps whatever the pages hold: ASCII, the arrows, star and minus
/// of game values, and the mathematical italic letters a browser shows for a single-letter
/// `<mi>` (Latin, with Planck's h, dotless i and j, Greek).
const MATHS_BASELINE: &[(char, char)] = &[
    (' ', '~'),
    ('\u{2191}', '\u{2191}'),
    ('\u{2193}', '\u{2193}'),
    ('\u{21D1}', '\u{21D1}'),
    ('\u{21D3}', '\u{21D3}'),
    ('\u{2212}', '\u{2212}'),
    ('\u{2217}', '\u{2217}'),
    ('\u{22C6}', '\u{22C6}'),
    ('\u{210E}', '\u{210E}'),
    ('\u{1D434}', '\u{1D467}'),
    ('\u{1D6A4}', '\u{1D6A5}'),
    ('\u{1D6E2}', '\u{1D71B}'),
];

/// The characters a site shows, split by the face that shows them: the text of `<math>`
/// elements goes to the maths face, everything else to the text faces. Numeric character
/// references are decoded; each set holds its baseline too.
#[derive(Debug, Default)]
pub struct SiteCharacters {
    pub text: BTreeSet<char>,
    pub maths: BTreeSet<char>,
}

impl SiteCharacters {
    pub fn of<'t>(texts: impl IntoIterator<Item = &'t str>) -> Self {
        let range = |ranges: &[(char, char)]| -> Vec<char> {
            ranges.iter().flat_map(|&(a, b)| a..=b).collect()
        };
        let mut site = SiteCharacters {
            text: range(TEXT_BASELINE).into_iter().collect(),
            maths: range(MATHS_BASELINE).into_iter().collect(),
        };
        for text in texts {
            let mut rest = text;
            while let Some(open) = rest.find("<math") {
                site.add_text(&rest[..open]);
                let after = &rest[open..];
                let close = after
                    .find("</math>")
                    .map_or(after.len(), |c| c + "</math>".len());
                site.maths.extend(characters(&after[..close]));
                rest = &after[close..];
            }
            site.add_text(rest);
        }
        site
    }

    fn add_text(&mut self, text: &str) {
        self.text.extend(characters(text));
    }
}

/// The characters of `text`, with those written as `&#NNN;` or `&#xHHH;` decoded.
fn characters(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().chain(numeric_references(text))
}

/// Why a font could not be made into a web font.
#[derive(Debug, thiserror::Error)]
pub enum WebFontError {
    #[error("the font cannot be read: {0}")]
    Parse(String),
    #[error("the font cannot be compressed: {0}")]
    Woff2(String),
}

/// The characters written as `&#NNN;` or `&#xHHH;` in `text`.
fn numeric_references(text: &str) -> impl Iterator<Item = char> + '_ {
    text.split("&#").skip(1).filter_map(|rest| {
        let (number, _) = rest.split_once(';')?;
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        char::from_u32(code)
    })
}

/// `font` (an OpenType font with CFF outlines) with only the glyphs `chars` need, as WOFF2.
/// A font whose outlines cannot be pruned safely is compressed whole.
pub fn web_font(font: &[u8], chars: &BTreeSet<char>) -> Result<Vec<u8>, WebFontError> {
    let face = Face::parse(font, 0).map_err(|e| WebFontError::Parse(e.to_string()))?;
    let keep = glyphs_needed(&face, chars);
    let pruned = face
        .raw_face()
        .table(ttf_parser::Tag::from_bytes(b"CFF "))
        .and_then(|table| cff::prune(table, &keep))
        .map(|table| replace_table(font, *b"CFF ", &table))
        .transpose()?;
    let sfnt = pruned.as_deref().unwrap_or(font);
    let metrics = Face::parse(sfnt, 0)
        .ok()
        .and_then(|face| zeroed_metrics(&face, &keep))
        .map(|table| replace_table(sfnt, *b"hmtx", &table))
        .transpose()?;
    let sfnt = metrics.as_deref().unwrap_or(sfnt);
    // The encoding (Brotli at its highest quality, most of a build's time) is kept between
    // runs under the bytes it is given and its setting ([`super::kept`]).
    let encoder = format!("ttf2woff2 encode quality={WOFF2_QUALITY}");
    super::kept::process().woff2(sfnt, &encoder, |sfnt| {
        ttf2woff2::encode(sfnt, ttf2woff2::BrotliQuality::from(WOFF2_QUALITY))
            .map_err(|e| WebFontError::Woff2(e.to_string()))
    })
}

/// Brotli's quality for the fonts: its highest.
const WOFF2_QUALITY: u8 = 11;

/// The `hmtx` table with the metrics of every glyph not kept set to zero, which compresses to
/// almost nothing (no page can show those glyphs). The last long metric stays: the glyphs
/// after it share its advance width.
fn zeroed_metrics(face: &Face, keep: &[bool]) -> Option<Vec<u8>> {
    let raw = face.raw_face();
    let hhea = raw.table(ttf_parser::Tag::from_bytes(b"hhea"))?;
    let long = usize::from(u16::from_be_bytes(hhea.get(34..36)?.try_into().ok()?));
    let mut hmtx = raw.table(ttf_parser::Tag::from_bytes(b"hmtx"))?.to_vec();
    for (g, &kept) in keep.iter().enumerate() {
        let span = if g + 1 < long {
            4 * g..4 * g + 4
        } else if g >= long {
            4 * long + 2 * (g - long)..4 * long + 2 * (g - long) + 2
        } else {
            continue;
        };
        if !kept {
            hmtx.get_mut(span)?.fill(0);
        }
    }
    Some(hmtx)
}

/// For each glyph of `face`, whether showing `chars` may need it.
fn glyphs_needed(face: &Face, chars: &BTreeSet<char>) -> Vec<bool> {
    let lookups = followed_lookups(face);
    let mut keep = vec![false; usize::from(face.number_of_glyphs())];
    keep[0] = true;
    let mut todo: Vec<GlyphId> = chars.iter().filter_map(|&c| face.glyph_index(c)).collect();
    let add = |g: GlyphId, keep: &mut Vec<bool>, todo: &mut Vec<GlyphId>| {
        if let Some(slot) = keep.get_mut(usize::from(g.0)) {
            if !*slot {
                *slot = true;
                todo.push(g);
            }
        }
    };
    for g in std::mem::take(&mut todo) {
        add(g, &mut keep, &mut todo);
    }
    // Closing the set: each newly kept glyph may lead to others, until none does. Ligatures
    // need every component, so they are looked at again on every round.
    while !todo.is_empty() {
        let round = std::mem::take(&mut todo);
        for &g in &round {
            for next in single_steps(face, &lookups, g) {
                add(next, &mut keep, &mut todo);
            }
        }
        for ligature in ligatures(&lookups, &keep) {
            add(ligature, &mut keep, &mut todo);
        }
    }
    keep
}

/// Features a browser applies only when a stylesheet asks for them, and ours does not:
/// alternates, stylistic sets and variants, swashes, discretionary and historical ligatures,
/// ornaments, titling forms, fractions, ordinals, the slashed zero, old-style and
/// proportional figures, superiors, inferiors, numerators and denominators, petite and unicase
/// capitals and case-sensitive forms. A lookup only these use is not followed. (Our stylesheet
/// asks for small capitals, all of them (`smcp`, `c2sc`), and lining, tabular figures; `ssty`,
/// `dtls` and `flac`, which maths layout applies, are followed.)
const UNUSED_FEATURES: &[&[u8; 4]] = &[
    b"aalt", b"salt", b"swsh", b"cswh", b"dlig", b"hlig", b"hist", b"ornm", b"nalt", b"titl",
    b"frac", b"afrc", b"ordn", b"zero", b"jalt", b"rand", b"onum", b"pnum", b"sups", b"subs",
    b"sinf", b"numr", b"dnom", b"pcap", b"c2pc", b"unic", b"case",
];

/// The GSUB lookups a page can trigger: every lookup but those only unused features use
/// ([`UNUSED_FEATURES`], `ssNN`, `cvNN`). Lookups no feature names (those contextual lookups
/// call) are followed.
fn followed_lookups<'a>(face: &Face<'a>) -> Vec<Lookup<'a>> {
    let Some(gsub) = face.tables().gsub else {
        return Vec::new();
    };
    let unused = |tag: ttf_parser::Tag| {
        let t = tag.to_bytes();
        UNUSED_FEATURES.contains(&&t)
            || (&t[..2] == b"ss" || &t[..2] == b"cv") && t[2..].iter().all(u8::is_ascii_digit)
    };
    let mut wanted = vec![None; usize::from(gsub.lookups.len())];
    for feature in gsub.features {
        let use_it = !unused(feature.tag);
        for index in feature.lookup_indices {
            if let Some(slot) = wanted.get_mut(usize::from(index)) {
                *slot = Some(slot.unwrap_or(false) || use_it);
            }
        }
    }
    gsub.lookups
        .into_iter()
        .zip(wanted)
        .filter(|(_, wanted)| wanted.unwrap_or(true))
        .map(|(lookup, _)| lookup)
        .collect()
}

/// The glyphs one substitution or one maths construction can turn `g` into.
fn single_steps(face: &Face, lookups: &[Lookup], g: GlyphId) -> Vec<GlyphId> {
    let mut out = Vec::new();
    {
        for lookup in lookups {
            for subtable in lookup.subtables.into_iter::<SubstitutionSubtable>() {
                match subtable {
                    SubstitutionSubtable::Single(SingleSubstitution::Format1 {
                        coverage,
                        delta,
                    }) => {
                        if coverage.get(g).is_some() {
                            out.push(GlyphId(g.0.wrapping_add_signed(delta)));
                        }
                    }
                    SubstitutionSubtable::Single(SingleSubstitution::Format2 {
                        coverage,
                        substitutes,
                    }) => out.extend(coverage.get(g).and_then(|i| substitutes.get(i))),
                    SubstitutionSubtable::Multiple(m) => {
                        if let Some(seq) = m.coverage.get(g).and_then(|i| m.sequences.get(i)) {
                            out.extend(seq.substitutes);
                        }
                    }
                    SubstitutionSubtable::Alternate(a) => {
                        if let Some(set) = a.coverage.get(g).and_then(|i| a.alternate_sets.get(i)) {
                            out.extend(set.alternates);
                        }
                    }
                    SubstitutionSubtable::ReverseChainSingle(r) => {
                        out.extend(r.coverage.get(g).and_then(|i| r.substitutes.get(i)));
                    }
                    // Ligatures are closed separately; contextual lookups only call the
                    // lookups above, which are all followed.
                    SubstitutionSubtable::Ligature(_)
                    | SubstitutionSubtable::Context(_)
                    | SubstitutionSubtable::ChainContext(_) => {}
                }
            }
        }
    }
    if let Some(variants) = face.tables().math.and_then(|m| m.variants) {
        for constructions in [
            variants.vertical_constructions,
            variants.horizontal_constructions,
        ] {
            if let Some(c) = constructions.get(g) {
                out.extend(c.variants.into_iter().map(|v| v.variant_glyph));
                if let Some(assembly) = c.assembly {
                    out.extend(assembly.parts.into_iter().map(|p| p.glyph_id));
                }
            }
        }
    }
    out
}

/// Every ligature glyph whose components are all kept.
fn ligatures(lookups: &[Lookup], keep: &[bool]) -> Vec<GlyphId> {
    let kept = |g: GlyphId| keep.get(usize::from(g.0)).copied().unwrap_or(false);
    let mut out = Vec::new();
    for lookup in lookups {
        for subtable in lookup.subtables.into_iter::<SubstitutionSubtable>() {
            let SubstitutionSubtable::Ligature(l) = subtable else {
                continue;
            };
            for first in (0..keep.len()).filter(|&g| keep[g]) {
                let first = GlyphId(first as u16);
                let Some(set) = l.coverage.get(first).and_then(|i| l.ligature_sets.get(i)) else {
                    continue;
                };
                for ligature in set {
                    if !kept(ligature.glyph) && ligature.components.into_iter().all(kept) {
                        out.push(ligature.glyph);
                    }
                }
            }
        }
    }
    out
}

/// `font` with table `tag` replaced by `data`: the table directory and every checksum
/// written again, tables in their original order, each padded to four bytes.
fn replace_table(font: &[u8], tag: [u8; 4], data: &[u8]) -> Result<Vec<u8>, WebFontError> {
    let bad = || WebFontError::Parse("malformed table directory".into());
    let be16 = |at: usize| -> Option<usize> {
        Some(usize::from(u16::from_be_bytes(
            font.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    let be32 = |at: usize| -> Option<usize> {
        Some(u32::from_be_bytes(font.get(at..at + 4)?.try_into().ok()?) as usize)
    };
    let count = be16(4).ok_or_else(bad)?;
    let mut tables = Vec::with_capacity(count);
    for i in 0..count {
        let record = 12 + 16 * i;
        let name: [u8; 4] = font
            .get(record..record + 4)
            .ok_or_else(bad)?
            .try_into()
            .unwrap();
        let offset = be32(record + 8).ok_or_else(bad)?;
        let len = be32(record + 12).ok_or_else(bad)?;
        let body = if name == tag {
            data
        } else {
            font.get(offset..offset + len).ok_or_else(bad)?
        };
        tables.push((name, offset, body));
    }
    // Keep the tables in the order they were laid out in the file.
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by_key(|&i| tables[i].1);
    let mut out = font[..12 + 16 * count].to_vec();
    let mut head_at = None;
    for &i in &order {
        let (name, _, body) = tables[i];
        let at = out.len();
        if &name == b"head" {
            head_at = Some(at);
        }
        out.extend_from_slice(body);
        out.resize(out.len().next_multiple_of(4), 0);
        let record = 12 + 16 * i;
        let mut sum_body = body.to_vec();
        if &name == b"head" && sum_body.len() >= 12 {
            sum_body[8..12].fill(0);
        }
        out[record + 4..record + 8].copy_from_slice(&checksum(&sum_body).to_be_bytes());
        out[record + 8..record + 12].copy_from_slice(&(at as u32).to_be_bytes());
        out[record + 12..record + 16].copy_from_slice(&(body.len() as u32).to_be_bytes());
    }
    if let Some(head) = head_at {
        out[head + 8..head + 12].fill(0);
        let adjustment = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[head + 8..head + 12].copy_from_slice(&adjustment.to_be_bytes());
    }
    Ok(out)
}

/// The OpenType checksum: the sum of big-endian 32-bit words, the last one padded with zeros.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.chunks(4).fold(0u32, |sum, chunk| {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

/// The bytes of the bundled font whose PostScript name is `postscript`.
pub fn font_bytes(postscript: &str) -> io::Result<&'static [u8]> {
    typst_assets::fonts()
        .find(|bytes| font_name(bytes, NAME_POSTSCRIPT).as_deref() == Some(postscript))
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("font {postscript} is not bundled in typst-assets"),
            )
        })
}

/// The `name` table's ids of the copyright notice and of the PostScript name.
pub const NAME_COPYRIGHT: u16 = 0;
pub const NAME_POSTSCRIPT: u16 = 6;

/// Reads name `name_id` from an OpenType font's `name` table, preferring the Windows (UTF-16BE)
/// record and falling back to the Macintosh (single-byte) one. `None` for anything malformed.
pub fn font_name(font: &[u8], name_id: u16) -> Option<String> {
    let table = table(font, b"name")?;
    let count = usize::from(be16(table, 2)?);
    let strings = usize::from(be16(table, 4)?);
    let mut fallback = None;
    for i in 0..count {
        let record = 6 + 12 * i;
        if be16(table, record + 6)? != name_id {
            continue;
        }
        let platform = be16(table, record)?;
        let len = usize::from(be16(table, record + 8)?);
        let start = strings + usize::from(be16(table, record + 10)?);
        let raw = table.get(start..start + len)?;
        match platform {
            3 | 0 => {
                let units: Vec<u16> = raw
                    .chunks_exact(2)
                    .map(|p| u16::from_be_bytes([p[0], p[1]]))
                    .collect();
                return String::from_utf16(&units).ok();
            }
            1 => fallback = Some(raw.iter().map(|&b| char::from(b)).collect()),
            _ => {}
        }
    }
    fallback
}

/// The bytes of the table tagged `tag`.
fn table<'a>(font: &'a [u8], tag: &[u8; 4]) -> Option<&'a [u8]> {
    let count = usize::from(be16(font, 4)?);
    (0..count).find_map(|i| {
        let record = 12 + 16 * i;
        if font.get(record..record + 4)? != tag {
            return None;
        }
        let offset = usize::try_from(be32(font, record + 8)?).ok()?;
        let len = usize::try_from(be32(font, record + 12)?).ok()?;
        font.get(offset..offset.checked_add(len)?)
    })
}

fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

#[cfg(test)]
mod tests;
