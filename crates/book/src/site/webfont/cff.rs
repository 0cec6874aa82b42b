//! Emptying the outlines a site never shows from a CFF table, keeping every glyph's number.
//!
//! The one idea: **keep the table's shape, blank what is unused**. Every glyph keeps its index,
//! so the font's other tables (`cmap`, `GSUB`, `GPOS`, `MATH`, `hmtx`) stay valid byte for byte;
//! only the charstrings of glyphs outside the kept set become a bare `endchar`, and the
//! subroutines no kept charstring calls become a bare `return`. The table is then laid out
//! again: the rewritten INDEXes replace the old ones and every offset in the Top DICT is moved
//! with them. Fonts this does not understand (CID-keyed fonts, `seac` accents, computed
//! subroutine numbers) are left whole: `None`, never a broken table.

/// Subroutines call each other at most this deep (the Type 2 charstring limit).
const MAX_SUBR_DEPTH: usize = 10;

const OP_CHARSET: u16 = 15;
const OP_ENCODING: u16 = 16;
const OP_CHARSTRINGS: u16 = 17;
const OP_PRIVATE: u16 = 18;
const OP_SUBRS: u16 = 19;
const OP_ROS: u16 = 12 << 8 | 30;
const OP_FDARRAY: u16 = 12 << 8 | 36;
const OP_FDSELECT: u16 = 12 << 8 | 37;

const ENDCHAR: u8 = 14;
const RETURN: u8 = 11;

/// The CFF table `cff` with every glyph whose `keep` entry is false blanked (glyph 0, `.notdef`,
/// is always kept), or `None` when the table is not one this module can rewrite safely.
pub fn prune(cff: &[u8], keep: &[bool]) -> Option<Vec<u8>> {
    let header_size = usize::from(*cff.get(2)?);
    let names = Index::read(cff, header_size)?;
    let top_index = Index::read(cff, names.end)?;
    let strings = Index::read(cff, top_index.end)?;
    let globals = Index::read(cff, strings.end)?;
    let [top_data] = top_index.items.as_slice() else {
        return None;
    };
    let top = parse_dict(top_data)?;
    if top
        .iter()
        .any(|e| matches!(e.op, OP_ROS | OP_FDARRAY | OP_FDSELECT))
    {
        return None;
    }
    let charstrings_at = offset_operand(&top, OP_CHARSTRINGS, 0)?;
    let charstrings = Index::read(cff, charstrings_at)?;
    if charstrings.items.len() != keep.len() || keep.is_empty() {
        return None;
    }
    let private_size = offset_operand(&top, OP_PRIVATE, 0)?;
    let private_at = offset_operand(&top, OP_PRIVATE, 1)?;
    let private = parse_dict(cff.get(private_at..private_at.checked_add(private_size)?)?)?;
    let subrs_rel = offset_operand(&private, OP_SUBRS, 0);
    let locals = match subrs_rel {
        Some(rel) => Some(Index::read(cff, private_at.checked_add(rel)?)?),
        None => None,
    };
    let no_locals = Index::empty();
    let mut walk = Walk {
        globals: &globals,
        locals: locals.as_ref().unwrap_or(&no_locals),
        used_globals: vec![false; globals.items.len()],
        used_locals: vec![false; locals.as_ref().map_or(0, |l| l.items.len())],
        stack: Vec::new(),
        stems: 0,
    };
    for (glyph, code) in charstrings.items.iter().enumerate() {
        if glyph == 0 || keep[glyph] {
            walk.stack.clear();
            walk.stems = 0;
            walk.run(code, 0)?;
        }
    }
    let blank_unless = |items: &[&[u8]], used: &dyn Fn(usize) -> bool, blank: u8| {
        write_index(items.iter().enumerate().map(|(i, item)| {
            if used(i) {
                *item
            } else {
                std::slice::from_ref(&blank)
            }
        }))
    };
    let new_charstrings = blank_unless(&charstrings.items, &|g| g == 0 || keep[g], ENDCHAR);
    let new_globals = blank_unless(&globals.items, &|i| walk.used_globals[i], RETURN);
    // The Top DICT is rewritten with every offset as a 5-byte integer, so its size does not
    // depend on the offsets it holds.
    let top_size = write_index([encode_top(&top, &|o| Some(o))?.as_slice()]).len();
    let mut regions = vec![
        Region::new(top_index.start, top_index.end, top_size),
        Region::new(globals.start, globals.end, new_globals.len()),
        Region::new(charstrings.start, charstrings.end, new_charstrings.len()),
    ];
    let new_locals = locals.as_ref().map(|l| {
        let bytes = blank_unless(&l.items, &|i| walk.used_locals[i], RETURN);
        regions.push(Region::new(l.start, l.end, bytes.len()));
        bytes
    });
    regions.sort_by_key(|r| r.start);
    if regions.windows(2).any(|w| w[0].end > w[1].start) {
        return None;
    }
    let moved = |old: usize| -> Option<usize> {
        let mut shift: isize = 0;
        for r in &regions {
            if r.end <= old && r.start < old {
                shift += r.new_len as isize - (r.end - r.start) as isize;
            } else if r.start < old && old < r.end {
                return None;
            }
        }
        old.checked_add_signed(shift)
    };
    // Local subroutines are found relative to the Private DICT, which is not rewritten.
    if let Some(rel) = subrs_rel {
        if moved(private_at + rel)? != moved(private_at)? + rel {
            return None;
        }
    }
    let new_top = write_index([encode_top(&top, &moved)?.as_slice()]);
    if new_top.len() != top_size {
        return None;
    }
    let mut out = Vec::with_capacity(cff.len());
    let mut copied = 0;
    for r in &regions {
        out.extend_from_slice(&cff[copied..r.start]);
        let bytes = if r.start == top_index.start {
            &new_top
        } else if r.start == globals.start {
            &new_globals
        } else if r.start == charstrings.start {
            &new_charstrings
        } else {
            new_locals.as_ref()?
        };
        out.extend_from_slice(bytes);
        copied = r.end;
    }
    out.extend_from_slice(&cff[copied..]);
    Some(out)
}

/// A span of the old table `start..end` replaced by `new_len` new bytes.
struct Region {
    start: usize,
    end: usize,
    new_len: usize,
}

impl Region {
    fn new(start: usize, end: usize, new_len: usize) -> Self {
        Region {
            start,
            end,
            new_len,
        }
    }
}

/// A CFF INDEX: its items and the span of the table it occupies.
pub struct Index<'a> {
    pub items: Vec<&'a [u8]>,
    start: usize,
    end: usize,
}

impl<'a> Index<'a> {
    fn empty() -> Self {
        Index {
            items: Vec::new(),
            start: 0,
            end: 0,
        }
    }

    /// The INDEX starting at byte `at` of `data`.
    pub fn read(data: &'a [u8], at: usize) -> Option<Self> {
        let count = usize::from(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?));
        if count == 0 {
            return Some(Index {
                items: Vec::new(),
                start: at,
                end: at + 2,
            });
        }
        let off_size = usize::from(*data.get(at + 2)?);
        if !(1..=4).contains(&off_size) {
            return None;
        }
        let offsets_at = at + 3;
        let offset = |i: usize| -> Option<usize> {
            let bytes = data.get(offsets_at + i * off_size..offsets_at + (i + 1) * off_size)?;
            Some(bytes.iter().fold(0usize, |v, &b| v << 8 | usize::from(b)))
        };
        // Offsets count from 1, relative to the byte before the data.
        let base = offsets_at + (count + 1) * off_size - 1;
        let mut items = Vec::with_capacity(count);
        let mut from = offset(0)?;
        for i in 1..=count {
            let to = offset(i)?;
            if from < 1 || to < from {
                return None;
            }
            items.push(data.get(base + from..base + to)?);
            from = to;
        }
        Some(Index {
            items,
            start: at,
            end: base + from,
        })
    }
}

/// An INDEX holding `items`, with the smallest offset size that fits.
pub fn write_index<'b>(items: impl IntoIterator<Item = &'b [u8]>) -> Vec<u8> {
    let items: Vec<&[u8]> = items.into_iter().collect();
    let count = u16::try_from(items.len()).expect("a CFF INDEX holds at most 65535 items");
    let mut out = count.to_be_bytes().to_vec();
    if items.is_empty() {
        return out;
    }
    let last = 1 + items.iter().map(|i| i.len()).sum::<usize>();
    let off_size = (1..=4usize).find(|&s| last < 1 << (8 * s)).unwrap_or(4);
    out.push(off_size as u8);
    let mut offset = 1usize;
    let push = |out: &mut Vec<u8>, v: usize| {
        out.extend_from_slice(&(v as u32).to_be_bytes()[4 - off_size..]);
    };
    push(&mut out, offset);
    for item in &items {
        offset += item.len();
        push(&mut out, offset);
    }
    for item in &items {
        out.extend_from_slice(item);
    }
    out
}

/// One DICT entry: its operator (escaped operators as `12 << 8 | b1`) and its operands, each as
/// its raw bytes and, for integers, its value.
struct Entry<'a> {
    op: u16,
    operands: Vec<(&'a [u8], Option<i64>)>,
}

fn parse_dict(data: &[u8]) -> Option<Vec<Entry<'_>>> {
    let mut entries = Vec::new();
    let mut operands = Vec::new();
    let mut i = 0;
    while i < data.len() {
        let b0 = data[i];
        let (len, value) = match b0 {
            0..=21 => {
                let op = if b0 == 12 {
                    i += 1;
                    12 << 8 | u16::from(*data.get(i)?)
                } else {
                    u16::from(b0)
                };
                i += 1;
                entries.push(Entry {
                    op,
                    operands: std::mem::take(&mut operands),
                });
                continue;
            }
            28 => (
                3,
                i64::from(i16::from_be_bytes([*data.get(i + 1)?, *data.get(i + 2)?])),
            ),
            29 => (
                5,
                i64::from(i32::from_be_bytes(data.get(i + 1..i + 5)?.try_into().ok()?)),
            ),
            30 => {
                let mut len = 1;
                loop {
                    let b = *data.get(i + len)?;
                    len += 1;
                    if b & 0x0f == 0x0f || b >> 4 == 0x0f {
                        break;
                    }
                }
                operands.push((data.get(i..i + len)?, None));
                i += len;
                continue;
            }
            32..=246 => (1, i64::from(b0) - 139),
            247..=250 => (
                2,
                (i64::from(b0) - 247) * 256 + i64::from(*data.get(i + 1)?) + 108,
            ),
            251..=254 => (
                2,
                -(i64::from(b0) - 251) * 256 - i64::from(*data.get(i + 1)?) - 108,
            ),
            _ => return None,
        };
        operands.push((data.get(i..i + len)?, Some(value)));
        i += len;
    }
    operands.is_empty().then_some(entries)
}

/// Operand `n` of the entry with operator `op`, as a non-negative offset or size.
fn offset_operand(dict: &[Entry], op: u16, n: usize) -> Option<usize> {
    let entry = dict.iter().find(|e| e.op == op)?;
    usize::try_from(entry.operands.get(n)?.1?).ok()
}

/// The Top DICT again, with every offset passed through `moved` and written in 5 bytes.
fn encode_top(top: &[Entry], moved: &dyn Fn(usize) -> Option<usize>) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for entry in top {
        for (n, (raw, value)) in entry.operands.iter().enumerate() {
            let is_offset = match entry.op {
                // 0 to 2 name built-in charsets and encodings, not offsets.
                OP_CHARSET | OP_ENCODING => value.is_some_and(|v| v > 2),
                OP_CHARSTRINGS => true,
                OP_PRIVATE => n == 1,
                _ => false,
            };
            if is_offset {
                let old = usize::try_from((*value)?).ok()?;
                let new = i32::try_from(moved(old)?).ok()?;
                out.push(29);
                out.extend_from_slice(&new.to_be_bytes());
            } else {
                out.extend_from_slice(raw);
            }
        }
        if entry.op > 0xff {
            out.extend_from_slice(&[12, entry.op as u8]);
        } else {
            out.push(entry.op as u8);
        }
    }
    Some(out)
}

/// A walk through kept charstrings that records which subroutines they call.
struct Walk<'a, 'b> {
    globals: &'b Index<'a>,
    locals: &'b Index<'a>,
    used_globals: Vec<bool>,
    used_locals: Vec<bool>,
    /// The operand stack, as far as calls need it: integers, `None` for anything else.
    stack: Vec<Option<i64>>,
    /// Stem hints declared so far (the size of a hint mask depends on it).
    stems: usize,
}

enum Flow {
    Return,
    End,
}

impl Walk<'_, '_> {
    fn run(&mut self, code: &[u8], depth: usize) -> Option<Flow> {
        let mut i = 0;
        while i < code.len() {
            let b0 = code[i];
            match b0 {
                32..=246 => {
                    self.stack.push(Some(i64::from(b0) - 139));
                    i += 1;
                }
                247..=250 => {
                    let b1 = i64::from(*code.get(i + 1)?);
                    self.stack
                        .push(Some((i64::from(b0) - 247) * 256 + b1 + 108));
                    i += 2;
                }
                251..=254 => {
                    let b1 = i64::from(*code.get(i + 1)?);
                    self.stack
                        .push(Some(-(i64::from(b0) - 251) * 256 - b1 - 108));
                    i += 2;
                }
                28 => {
                    let v = i16::from_be_bytes([*code.get(i + 1)?, *code.get(i + 2)?]);
                    self.stack.push(Some(i64::from(v)));
                    i += 3;
                }
                255 => {
                    self.stack.push(None);
                    i += 5;
                }
                // hstem, vstem, hstemhm, vstemhm
                1 | 3 | 18 | 23 => {
                    self.stems += self.stack.len() / 2;
                    self.stack.clear();
                    i += 1;
                }
                // hintmask, cntrmask: pending operands are an implicit vstem
                19 | 20 => {
                    self.stems += self.stack.len() / 2;
                    self.stack.clear();
                    i += 1 + self.stems.div_ceil(8);
                }
                10 | 29 => {
                    let global = b0 == 29;
                    let number = self.stack.pop()??;
                    let subrs = if global { self.globals } else { self.locals };
                    let index = usize::try_from(number + bias(subrs.items.len())).ok()?;
                    let code = *subrs.items.get(index)?;
                    if depth >= MAX_SUBR_DEPTH {
                        return None;
                    }
                    if global {
                        self.used_globals[index] = true;
                    } else {
                        self.used_locals[index] = true;
                    }
                    if let Flow::End = self.run(code, depth + 1)? {
                        return Some(Flow::End);
                    }
                    i += 1;
                }
                RETURN => return Some(Flow::Return),
                ENDCHAR => {
                    // endchar with four operands (five with a width) is `seac`: an accented
                    // glyph built from two others by their standard-encoding codes.
                    return (self.stack.len() < 4).then_some(Flow::End);
                }
                12 => {
                    self.stack.clear();
                    i += 2;
                }
                _ => {
                    self.stack.clear();
                    i += 1;
                }
            }
        }
        Some(Flow::Return)
    }
}

/// The bias added to a subroutine number (Type 2 charstrings).
fn bias(count: usize) -> i64 {
    if count < 1240 {
        107
    } else if count < 33900 {
        1131
    } else {
        32768
    }
}
