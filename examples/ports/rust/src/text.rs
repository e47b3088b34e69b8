//! Python's string primitives as sacreBLEU relies on them, and the 13a / none tokenizers.

use crate::lower_table::LOWER_OVERRIDES;

/// Python 3.11's `str.isspace()`: Unicode White_Space plus U+001C..U+001F.
pub fn py_space(c: char) -> bool {
    matches!(c as u32,
        0x09..=0x0D | 0x1C..=0x20 | 0x85 | 0xA0 | 0x1680 | 0x2000..=0x200A
        | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000)
}

/// `str.split()` with no argument.
pub fn py_split(s: &str) -> Vec<&str> {
    s.split(py_space).filter(|t| !t.is_empty()).collect()
}

pub fn py_rstrip(s: &str) -> &str {
    s.trim_end_matches(py_space)
}

pub fn py_strip(s: &str) -> &str {
    s.trim_matches(py_space)
}

/// `" ".join(s.split())`
pub fn collapse(s: &str) -> String {
    py_split(s).join(" ")
}

/// Python 3.11's `str.lower()` (Unicode 14.0): Rust's full lowercasing (final sigma
/// included), with the code points whose mapping differs in Python's Unicode version
/// replaced from a generated table.
pub fn py_lower(s: &str) -> String {
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let whole: Vec<char> = s.to_lowercase().chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut k = 0;
    for c in s.chars() {
        let n = c.to_lowercase().count();
        let piece = &whole[k..k + n];
        k += n;
        match LOWER_OVERRIDES.binary_search_by_key(&(c as u32), |&(cp, _)| cp) {
            Ok(i) => out.push_str(LOWER_OVERRIDES[i].1),
            Err(_) => out.extend(piece.iter()),
        }
    }
    out
}

fn r1_char(c: char) -> bool {
    matches!(c as u32, 0x7B..=0x7E | 0x5B..=0x60 | 0x20..=0x26 | 0x28..=0x2B | 0x3A..=0x40 | 0x2F)
}

fn digit(c: char) -> bool {
    c.is_ascii_digit()
}

fn comma_period(c: char) -> bool {
    c == '.' || c == ','
}

/// The four mteval-v13a regular-expression rules, each a global left-to-right
/// substitution of a fixed-width pattern, then white space collapsed.
pub fn apply_mteval_rules(line: &str) -> String {
    // R1
    let mut s = String::with_capacity(line.len() * 2);
    for c in line.chars() {
        if r1_char(c) {
            s.push(' ');
            s.push(c);
            s.push(' ');
        } else {
            s.push(c);
        }
    }
    // R2: ([^0-9])([.,]) -> \1 \2 ;  R3: ([.,])([^0-9]) -> " \1 \2" ; R4: ([0-9])(-) -> \1 \2
    let rules: [(fn(char) -> bool, fn(char) -> bool, u8); 3] = [
        (|c| !digit(c), comma_period, 2),
        (comma_period, |c| !digit(c), 3),
        (digit, |c| c == '-', 4),
    ];
    for (first, second, kind) in rules.iter() {
        let chars: Vec<char> = s.chars().collect();
        let mut out = String::with_capacity(s.len() + 16);
        let mut i = 0;
        while i < chars.len() {
            if i + 1 < chars.len() && first(chars[i]) && second(chars[i + 1]) {
                let (a, b) = (chars[i], chars[i + 1]);
                if *kind == 3 {
                    out.push(' ');
                    out.push(a);
                    out.push(' ');
                    out.push(b);
                } else {
                    out.push(a);
                    out.push(' ');
                    out.push(b);
                    out.push(' ');
                }
                i += 2;
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        s = out;
    }
    collapse(&s)
}

pub fn tokenize_13a(line: &str) -> String {
    let mut line = line.replace("<skipped>", "");
    line = line.replace("-\n", "");
    line = line.replace('\n', " ");
    if line.contains('&') {
        line = line.replace("&quot;", "\"");
        line = line.replace("&amp;", "&");
        line = line.replace("&lt;", "<");
        line = line.replace("&gt;", ">");
    }
    apply_mteval_rules(&format!(" {} ", line))
}
