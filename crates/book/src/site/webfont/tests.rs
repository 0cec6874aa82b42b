use super::font_bytes;
use super::*;
use ttf_parser::{OutlineBuilder, Tag};

/// Counts an outline's drawing commands (an emptied glyph has none).
#[derive(Default)]
struct Count(usize);

impl OutlineBuilder for Count {
    fn move_to(&mut self, _: f32, _: f32) {
        self.0 += 1;
    }
    fn line_to(&mut self, _: f32, _: f32) {
        self.0 += 1;
    }
    fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {
        self.0 += 1;
    }
    fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {
        self.0 += 1;
    }
    fn close(&mut self) {
        self.0 += 1;
    }
}

/// Every glyph's outline, as ttf-parser draws it from the font's CFF table.
fn outlines(face: &Face) -> Vec<Option<(ttf_parser::Rect, usize)>> {
    (0..face.number_of_glyphs())
        .map(|g| {
            let mut count = Count::default();
            let rect = face.outline_glyph(GlyphId(g), &mut count)?;
            Some((rect, count.0))
        })
        .collect()
}

/// The font with only `keep`'s outlines, before compression.
fn pruned(font: &[u8], keep: &[bool]) -> Vec<u8> {
    let face = Face::parse(font, 0).unwrap();
    let table = face.raw_face().table(Tag::from_bytes(b"CFF ")).unwrap();
    let cff = cff::prune(table, keep).expect("the bundled fonts can be pruned");
    replace_table(font, *b"CFF ", &cff).unwrap()
}

#[test]
fn kept_glyphs_draw_exactly_as_before_and_the_others_are_empty() {
    for name in ["LibertinusSerif-Regular", "NewCMMath-Book"] {
        let font = font_bytes(name).unwrap();
        let face = Face::parse(font, 0).unwrap();
        let chars: BTreeSet<char> = "Hackenbush ½ −¼ ∗ ↑ (x+y) ∑".chars().collect();
        let keep = glyphs_needed(&face, &chars);
        let small = pruned(font, &keep);
        let small_face = Face::parse(&small, 0).unwrap();
        let before = outlines(&face);
        let after = outlines(&small_face);
        assert_eq!(before.len(), after.len(), "{name}: glyph numbers are kept");
        let mut dropped = 0;
        for (g, (b, a)) in before.iter().zip(&after).enumerate() {
            if keep[g] {
                assert_eq!(b, a, "{name}: kept glyph {g} changed");
            } else if b.is_some() {
                assert_eq!(*a, None, "{name}: glyph {g} should be empty");
                dropped += 1;
            }
        }
        assert!(dropped > before.len() / 2, "{name}: only {dropped} emptied");
        assert!(
            small.len() < font.len() / 2,
            "{name}: {} bytes",
            small.len()
        );
        for tag in [b"cmap", b"GSUB", b"GPOS", b"MATH", b"hmtx"] {
            let tag = Tag::from_bytes(tag);
            assert_eq!(
                face.raw_face().table(tag),
                small_face.raw_face().table(tag),
                "{name}: {tag} is kept byte for byte"
            );
        }
    }
}

#[test]
fn keeping_every_glyph_keeps_every_outline() {
    let font = font_bytes("LibertinusSerif-Italic").unwrap();
    let face = Face::parse(font, 0).unwrap();
    let all = vec![true; usize::from(face.number_of_glyphs())];
    let same = pruned(font, &all);
    assert_eq!(outlines(&face), outlines(&Face::parse(&same, 0).unwrap()));
}

#[test]
fn the_set_is_closed_under_ligatures_and_maths_variants() {
    // f and i together need a glyph neither needs alone: the fi ligature.
    let text = Face::parse(font_bytes("LibertinusSerif-Regular").unwrap(), 0).unwrap();
    let f = glyphs_needed(&text, &['f'].into());
    let i = glyphs_needed(&text, &['i'].into());
    let fi = glyphs_needed(&text, &['f', 'i'].into());
    let ligatures: Vec<usize> = (0..fi.len()).filter(|&g| fi[g] && !f[g] && !i[g]).collect();
    assert!(!ligatures.is_empty());

    let maths = Face::parse(font_bytes("NewCMMath-Book").unwrap(), 0).unwrap();
    let paren = maths.glyph_index('(').unwrap();
    let tall = maths
        .tables()
        .math
        .and_then(|m| m.variants)
        .and_then(|v| v.vertical_constructions.get(paren))
        .expect("a stretchy parenthesis");
    let keep = glyphs_needed(&maths, &['('].into());
    for variant in tall.variants {
        assert!(keep[usize::from(variant.variant_glyph.0)]);
    }
    for part in tall.assembly.unwrap().parts {
        assert!(keep[usize::from(part.glyph_id.0)]);
    }
}

#[test]
fn site_characters_split_maths_from_text_and_read_numeric_references() {
    let site =
        SiteCharacters::of(["<p>&#x2192;&#xZZ; ∞ <math><mi>&#x3b8;</mi><mo>∑</mo></math> ≤</p>"]);
    for c in ['→', '∞', '≤', 'a', '½', '↑'] {
        assert!(site.text.contains(&c), "text {c}");
    }
    for c in ['θ', '∑', '𝑥', 'a', '↑'] {
        assert!(site.maths.contains(&c), "maths {c}");
    }
    for c in ['θ', '∑', '𝑥'] {
        assert!(!site.text.contains(&c), "not text {c}");
    }
    for c in ['→', '∞', '≤', '½', '😀'] {
        assert!(!site.maths.contains(&c), "not maths {c}");
    }
}

#[test]
fn a_web_font_is_woff2_and_a_fraction_of_the_font() {
    let font = font_bytes("NewCMMath-Book").unwrap();
    let woff2 = web_font(font, &SiteCharacters::of(["<math>x + y = ½</math>"]).maths).unwrap();
    assert_eq!(&woff2[..4], b"wOF2");
    assert!(woff2.len() < font.len() / 5, "{} bytes", woff2.len());
}

#[test]
fn unreadable_fonts_are_errors_not_panics() {
    assert!(web_font(b"not a font", &BTreeSet::new()).is_err());
    assert_eq!(cff::prune(&[1, 0, 4, 1, 0, 0], &[true]), None);
    assert_eq!(cff::prune(&[], &[true]), None);
}

#[test]
fn kept_glyphs_keep_their_metrics_and_the_others_are_zero() {
    for name in ["LibertinusSerif-Regular", "NewCMMath-Book"] {
        let font = font_bytes(name).unwrap();
        let face = Face::parse(font, 0).unwrap();
        let chars: BTreeSet<char> = "Hackenbush ½ ∗ ↑".chars().collect();
        let keep = glyphs_needed(&face, &chars);
        let table = zeroed_metrics(&face, &keep).expect("the bundled fonts have metrics");
        let zeroed = replace_table(font, *b"hmtx", &table).unwrap();
        let after = Face::parse(&zeroed, 0).unwrap();
        let mut emptied = 0;
        for g in 0..face.number_of_glyphs() {
            let (id, kept) = (GlyphId(g), keep[usize::from(g)]);
            let (before, now) = (face.glyph_hor_advance(id), after.glyph_hor_advance(id));
            if kept {
                assert_eq!(now, before, "{name}: glyph {g} kept");
                assert_eq!(
                    after.glyph_hor_side_bearing(id),
                    face.glyph_hor_side_bearing(id),
                    "{name}: glyph {g} kept"
                );
            } else if now == Some(0) && before != Some(0) {
                emptied += 1;
            }
        }
        assert!(emptied > 100, "{name}: only {emptied} metrics zeroed");
    }
}
