//! Exact match, BLEU and chrF as bleuprint's spec (sacreBLEU 2.5.1) defines them.

use crate::text::{py_lower, py_rstrip, py_split, py_strip, tokenize_13a, py_space};
use std::collections::HashMap;

/// Planted faults (BLEUPRINT_PORT_FAULT, comma-separated names), one per course pitfall,
/// each reproducing a spec mutant (bleuprint.mutants) whose id the catching vectors carry:
/// unclipped s01 (pitfall 1), shortest_ref s02 (2), arithmetic_mean s07 and no_smoothing
/// s08 (5), lowercase_always s10 (6: BLEU always lowercases), chrf_keep_whitespace s11 and
/// chrf_average_f s13 (7), last_reference s14 (8: chrF keeps the last reference).
#[derive(Default, Clone, Debug)]
pub struct Faults {
    pub unclipped: bool,
    pub shortest_ref: bool,
    pub no_smoothing: bool,
    pub arithmetic_mean: bool,
    pub lowercase_always: bool,
    pub chrf_keep_whitespace: bool,
    pub chrf_average_f: bool,
    pub last_reference: bool,
}

pub const FAULT_NAMES: &[&str] = &[
    "unclipped", "shortest_ref", "no_smoothing", "arithmetic_mean", "lowercase_always",
    "chrf_keep_whitespace", "chrf_average_f", "last_reference",
];

impl Faults {
    pub fn from_env() -> Result<Faults, String> {
        let mut f = Faults::default();
        let spec = std::env::var("BLEUPRINT_PORT_FAULT").unwrap_or_default();
        for name in spec.split(',').map(|s| s.trim()).filter(|s| !s.is_empty()) {
            match name {
                "unclipped" => f.unclipped = true,
                "shortest_ref" => f.shortest_ref = true,
                "no_smoothing" => f.no_smoothing = true,
                "arithmetic_mean" => f.arithmetic_mean = true,
                "lowercase_always" => f.lowercase_always = true,
                "chrf_keep_whitespace" => f.chrf_keep_whitespace = true,
                "chrf_average_f" => f.chrf_average_f = true,
                "last_reference" => f.last_reference = true,
                other => return Err(format!("unknown fault {:?}; known: {}", other, FAULT_NAMES.join(", "))),
            }
        }
        Ok(f)
    }
}

/// chrF's references: all of them, or (fault last_reference, spec mutant s14) the last one.
fn chrf_refs<'a>(refs: &'a [String], faults: &Faults) -> &'a [String] {
    if faults.last_reference {
        &refs[refs.len() - 1..]
    } else {
        refs
    }
}

// ------------------------------------------------------------------ exact match

/// 1 when the hypothesis equals one of its references once white space is stripped from
/// both ends of each (Python's str.strip()), else 0. No planted fault touches exact match.
pub fn exact_match_row(hyp: &str, refs: &[String], _faults: &Faults) -> u64 {
    let h = py_strip(hyp);
    refs.iter().any(|r| py_strip(r) == h) as u64
}

// ------------------------------------------------------------------ BLEU

pub const LOG_ZERO: f64 = -9999999999.0;

/// The line lowercased (option lowercase) then tokenized and split on white space, as
/// sacreBLEU's BLEU._preprocess_segment and extract_all_word_ngrams.
pub fn bleu_tokens(line: &str, tok13a: bool, lowercase: bool) -> Vec<String> {
    let lowered;
    let line = if lowercase {
        lowered = py_lower(line);
        lowered.as_str()
    } else {
        line
    };
    let stripped = py_rstrip(line);
    let tokenized = if tok13a { tokenize_13a(stripped) } else { stripped.to_string() };
    py_split(&tokenized).into_iter().map(|s| s.to_string()).collect()
}

fn ngram_counts(tokens: &[String], n: usize) -> HashMap<&[String], u64> {
    let mut m = HashMap::new();
    if tokens.len() >= n {
        for i in 0..=tokens.len() - n {
            *m.entry(&tokens[i..i + n]).or_insert(0) += 1;
        }
    }
    m
}

/// The reference length closest to the hypothesis length, the shorter on a tie (sacreBLEU
/// BLEU._get_closest_ref_len).
fn closest_ref_length(hyp_len: u64, ref_lens: &[u64]) -> u64 {
    let d = |a: u64| (hyp_len as i64 - a as i64).abs();
    let mut best = ref_lens[0];
    for &r in &ref_lens[1..] {
        if d(r) < d(best) || (d(r) == d(best) && r < best) {
            best = r;
        }
    }
    best
}

/// [c, r, m_1..m_N, t_1..t_N]: hypothesis length, closest reference length, per order the
/// matches clipped by the largest count in any one reference and the hypothesis n-gram
/// count (BLEU._compute_segment_statistics). Faults unclipped, shortest_ref, lowercase_always.
pub fn bleu_row(hyp: &str, refs: &[String], tok13a: bool, lowercase: bool, order: usize, faults: &Faults) -> Vec<u64> {
    // fault lowercase_always (spec mutant s10): BLEU lowercases whatever the option says
    let lowercase = lowercase || faults.lowercase_always;
    let h = bleu_tokens(hyp, tok13a, lowercase);
    let rs: Vec<Vec<String>> = refs.iter().map(|r| bleu_tokens(r, tok13a, lowercase)).collect();
    let mut matches = Vec::with_capacity(order);
    let mut totals = Vec::with_capacity(order);
    for n in 1..=order {
        let mut bound: HashMap<&[String], u64> = HashMap::new();
        for r in &rs {
            for (g, c) in ngram_counts(r, n) {
                let e = bound.entry(g).or_insert(0);
                if c > *e {
                    *e = c;
                }
            }
        }
        let mut m = 0u64;
        for (g, c) in ngram_counts(&h, n) {
            let b = bound.get(g).copied().unwrap_or(0);
            m += if faults.unclipped { if b > 0 { c } else { 0 } } else { c.min(b) };
        }
        matches.push(m);
        totals.push((h.len() as i64 - n as i64 + 1).max(0) as u64);
    }
    let ref_lens: Vec<u64> = rs.iter().map(|r| r.len() as u64).collect();
    let r = if faults.shortest_ref {
        *ref_lens.iter().min().unwrap()
    } else {
        closest_ref_length(h.len() as u64, &ref_lens)
    };
    let mut row = vec![h.len() as u64, r];
    row.extend(matches);
    row.extend(totals);
    row
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Smooth {
    None,
    Floor,
    AddK,
    Exp,
}

/// The corpus score from summed statistics (sacreBLEU BLEU.compute_bleu): 0 without any
/// match; smoothing none, floor (default 0.1), add-k (default 1, orders >= 2) or exp; an
/// order without hypothesis n-grams ends the list; effective_order averages over the kept
/// orders; BP times the geometric mean, log 0 taken as -9999999999 (sacreBLEU my_log).
/// Faults no_smoothing, arithmetic_mean.
pub fn bleu_score(stats: &[u64], method: Smooth, value: Option<f64>, effective_order: bool, faults: &Faults) -> f64 {
    let order = (stats.len() - 2) / 2;
    let (c, r) = (stats[0], stats[1]);
    let bp = if c >= r {
        1.0
    } else if c == 0 {
        0.0
    } else {
        (1.0 - r as f64 / c as f64).exp()
    };
    let mut matches: Vec<f64> = stats[2..2 + order].iter().map(|&x| x as f64).collect();
    let mut totals: Vec<f64> = stats[2 + order..].iter().map(|&x| x as f64).collect();
    if matches.iter().all(|&m| m == 0.0) {
        return 0.0;
    }
    let method = if faults.no_smoothing && method == Smooth::Exp { Smooth::None } else { method };
    let value = value.unwrap_or(match method {
        Smooth::Floor => 0.1,
        Smooth::AddK => 1.0,
        _ => 0.0,
    });
    let mut precisions = vec![0.0f64; order];
    let mut factor = 1.0f64;
    let mut eff = order;
    for n in 1..=order {
        if method == Smooth::AddK && n > 1 {
            matches[n - 1] += value;
            totals[n - 1] += value;
        }
        if totals[n - 1] == 0.0 {
            break;
        }
        if effective_order {
            eff = n;
        }
        if matches[n - 1] == 0.0 {
            match method {
                Smooth::Exp => {
                    factor *= 2.0;
                    precisions[n - 1] = 100.0 / (factor * totals[n - 1]);
                }
                Smooth::Floor => precisions[n - 1] = 100.0 * value / totals[n - 1],
                _ => {}
            }
        } else {
            precisions[n - 1] = 100.0 * matches[n - 1] / totals[n - 1];
        }
    }
    if faults.arithmetic_mean {
        let s: f64 = precisions[..eff].iter().sum();
        return bp * s / eff as f64;
    }
    let mut log_sum = 0.0f64;
    for &p in &precisions[..eff] {
        log_sum += if p == 0.0 { LOG_ZERO } else { p.ln() };
    }
    bp * (log_sum / eff as f64).exp()
}

// ------------------------------------------------------------------ chrF

pub const EPS: f64 = 1e-16;

fn is_ascii_punct(c: char) -> bool {
    c.is_ascii_punctuation()
}

/// chrF++ words (sacreBLEU CHRF._remove_punctuation): split on white space; a word longer
/// than one character loses one trailing, else one leading, ASCII punctuation character,
/// which becomes a word of its own.
pub fn chrf_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    for token in py_split(line) {
        let chars: Vec<char> = token.chars().collect();
        if chars.len() == 1 {
            words.push(token.to_string());
        } else if is_ascii_punct(chars[chars.len() - 1]) {
            words.push(chars[..chars.len() - 1].iter().collect());
            words.push(chars[chars.len() - 1].to_string());
        } else if is_ascii_punct(chars[0]) {
            words.push(chars[0].to_string());
            words.push(chars[1..].iter().collect());
        } else {
            words.push(token.to_string());
        }
    }
    words
}

/// Character n-grams of orders 1..n (white space removed unless `whitespace`; sacreBLEU
/// extract_all_char_ngrams), then word n-grams of orders 1..word_order.
fn all_ngram_counts(line: &str, n: usize, word_order: usize, whitespace: bool) -> Vec<HashMap<String, u64>> {
    let chars: Vec<char> = if whitespace {
        line.chars().collect()
    } else {
        line.chars().filter(|&c| !py_space(c)).collect()
    };
    let mut out = Vec::with_capacity(n + word_order);
    for k in 1..=n {
        let mut m = HashMap::new();
        if chars.len() >= k {
            for i in 0..=chars.len() - k {
                *m.entry(chars[i..i + k].iter().collect::<String>()).or_insert(0) += 1;
            }
        }
        out.push(m);
    }
    let words = chrf_words(line);
    for k in 1..=word_order {
        let mut m = HashMap::new();
        if words.len() >= k {
            for i in 0..=words.len() - k {
                *m.entry(words[i..i + k].join(" ")).or_insert(0) += 1;
            }
        }
        out.push(m);
    }
    out
}

pub struct ChrfOpts {
    pub n: usize,
    pub word_order: usize,
    pub beta: f64,
    pub lowercase: bool,
    pub whitespace: bool,
    pub eps_smoothing: bool,
}

/// CHRF._compute_f_score on summed statistics, times 100: without eps smoothing, precision
/// and recall averaged over the effective orders (both hypothesis and reference n-grams),
/// then F-beta of the averages; with eps_smoothing, the mean per-order F over all orders.
/// Fault chrf_average_f.
pub fn chrf_score(stats: &[u64], o: &ChrfOpts, faults: &Faults) -> f64 {
    let orders = o.n + o.word_order;
    let factor = o.beta * o.beta;
    let mut f_sum = 0.0f64;
    let (mut sum_p, mut sum_r, mut effective) = (0.0f64, 0.0f64, 0usize);
    let mut kept_f = Vec::new();
    for i in 0..orders {
        let (h, r, m) = (stats[3 * i], stats[3 * i + 1], stats[3 * i + 2]);
        let p = if h > 0 { m as f64 / h as f64 } else { EPS };
        let rec = if r > 0 { m as f64 / r as f64 } else { EPS };
        let d = factor * p + rec;
        let f = if d > 0.0 { (1.0 + factor) * p * rec / d } else { EPS };
        f_sum += f;
        if h > 0 && r > 0 {
            sum_p += p;
            sum_r += rec;
            effective += 1;
            kept_f.push(f);
        }
    }
    if o.eps_smoothing {
        return 100.0 * f_sum / orders as f64;
    }
    if faults.chrf_average_f {
        if kept_f.is_empty() {
            return 0.0;
        }
        let s: f64 = kept_f.iter().sum();
        return 100.0 * s / kept_f.len() as f64;
    }
    let (avg_p, avg_r) = if effective == 0 {
        (0.0, 0.0)
    } else {
        (sum_p / effective as f64, sum_r / effective as f64)
    };
    if avg_p + avg_r == 0.0 {
        return 0.0;
    }
    let mut score = (1.0 + factor) * avg_p * avg_r;
    score /= factor * avg_p + avg_r;
    100.0 * score
}

/// Per order [hyp count, ref count, matches] against the best reference, the one with the
/// highest sentence F score, the first on a tie (CHRF._compute_segment_statistics).
/// Faults last_reference, chrf_keep_whitespace.
pub fn chrf_row(hyp: &str, refs: &[String], o: &ChrfOpts, faults: &Faults) -> Vec<u64> {
    let refs = chrf_refs(refs, faults);
    let lowercase = o.lowercase;
    let whitespace = o.whitespace || faults.chrf_keep_whitespace;
    let low = |s: &str| if lowercase { py_lower(s) } else { s.to_string() };
    let hyp_counts = all_ngram_counts(&low(hyp), o.n, o.word_order, whitespace);
    let mut best: Option<Vec<u64>> = None;
    let mut best_score = -1.0f64;
    for r in refs {
        let ref_counts = all_ngram_counts(&low(r), o.n, o.word_order, whitespace);
        let mut stats = Vec::with_capacity(3 * hyp_counts.len());
        for (hc, rc) in hyp_counts.iter().zip(ref_counts.iter()) {
            let matches: u64 = hc.iter().map(|(g, &c)| c.min(rc.get(g).copied().unwrap_or(0))).sum();
            let hyp_total: u64 = if rc.is_empty() { 0 } else { hc.values().sum() };
            stats.push(hyp_total);
            stats.push(rc.values().sum());
            stats.push(matches);
        }
        let score = chrf_score(&stats, o, faults);
        if score > best_score {
            best = Some(stats);
            best_score = score;
        }
    }
    best.unwrap()
}
