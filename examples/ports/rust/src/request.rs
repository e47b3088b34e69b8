//! One run request of the port protocol: the option and corpus checks of bleuprint's spec
//! (option names and ranges as its Option declarations give them; hyps a non-empty list of
//! strings, refs[i] a non-empty list of reference strings, or a bare string for exact
//! match), then the metric. Shared by the protocol loop (main.rs) and the vector tests.

use crate::json::Json;
use crate::metrics::*;

const KNOWN_TOKENIZERS: &[&str] = &["13a", "none", "intl", "zh", "char"];
const MAX_STATISTIC: f64 = 9007199254740992.0; // 2**53

/// A score with its statistics rows, a refusal, or a skip (not implemented).
pub enum Outcome {
    Score(f64, Vec<Vec<u64>>),
    Error(String),
    Skipped(String),
}

fn truthy(v: &Json) -> bool {
    match v {
        Json::Null => false,
        Json::Bool(b) => *b,
        Json::Num(x, _) => *x != 0.0,
        Json::Str(s) => !s.is_empty(),
        Json::Arr(a) => !a.is_empty(),
        Json::Obj(o) => !o.is_empty(),
    }
}

fn text_of<'a>(v: &'a Json, what: &str) -> Result<&'a str, String> {
    match v {
        Json::Str(s) => Ok(s),
        other => Err(format!("{} must be a str, got {}", what, other.type_name())),
    }
}

fn references(v: &Json, what: &str) -> Result<Vec<String>, String> {
    match v {
        Json::Str(_) => Err(format!("{} must be a list of reference strings, got a bare str", what)),
        Json::Arr(items) => {
            if items.is_empty() {
                return Err(format!("{} is empty: every hypothesis needs at least one reference", what));
            }
            items.iter().enumerate().map(|(k, r)| text_of(r, &format!("{}[{}]", what, k)).map(|s| s.to_string())).collect()
        }
        other => Err(format!("{} must be a sequence of reference strings, got {}", what, other.type_name())),
    }
}

fn hypotheses(v: Option<&Json>) -> Result<Vec<String>, String> {
    match v {
        Some(Json::Arr(items)) => {
            if items.is_empty() {
                return Err("empty corpus: hyps has no sentences".into());
            }
            items.iter().enumerate().map(|(i, h)| text_of(h, &format!("hyps[{}]", i)).map(|s| s.to_string())).collect()
        }
        Some(Json::Str(_)) => Err("hyps must be a sequence of hypothesis strings, got a bare str".into()),
        Some(other) => Err(format!("hyps must be a sequence of hypothesis strings, got {}", other.type_name())),
        None => Err("missing hyps".into()),
    }
}

/// hyps and refs; `lone_string` lets refs[i] be a bare string (exact match).
fn corpus(req: &Json, lone_string: bool) -> Result<(Vec<String>, Vec<Vec<String>>), String> {
    let hyps = hypotheses(req.get("hyps"))?;
    let refs = match req.get("refs") {
        Some(Json::Arr(items)) => items,
        Some(other) => return Err(format!("refs must be a sequence with one list of references per hypothesis, got {}", other.type_name())),
        None => return Err("missing refs".into()),
    };
    if refs.len() != hyps.len() {
        return Err(format!("mismatched lengths: {} hypotheses but {} reference lists", hyps.len(), refs.len()));
    }
    let mut out = Vec::with_capacity(refs.len());
    for (i, r) in refs.iter().enumerate() {
        let what = format!("refs[{}]", i);
        match (r, lone_string) {
            (Json::Str(s), true) => out.push(vec![s.clone()]),
            _ => out.push(references(r, &what)?),
        }
    }
    Ok((hyps, out))
}

struct Options<'a> {
    items: Vec<(&'a str, &'a Json)>,
}

impl<'a> Options<'a> {
    fn new(req: &'a Json, allowed: &[&str]) -> Result<Options<'a>, String> {
        let items: Vec<(&str, &Json)> = match req.get("options") {
            None | Some(Json::Null) => vec![],
            Some(Json::Obj(o)) => o.iter().map(|(k, v)| (k.as_str(), v)).collect(),
            Some(other) => return Err(format!("options must be an object, got {}", other.type_name())),
        };
        let mut unknown: Vec<&str> = items.iter().map(|(k, _)| *k).filter(|k| !allowed.contains(k)).collect();
        unknown.sort();
        if !unknown.is_empty() {
            return Err(format!("unknown option(s): {}", unknown.join(", ")));
        }
        Ok(Options { items })
    }
    fn get(&self, name: &str) -> Option<&'a Json> {
        self.items.iter().rev().find(|(k, _)| *k == name).map(|(_, v)| *v)
    }
    fn flag(&self, name: &str, default: bool) -> bool {
        self.get(name).map(truthy).unwrap_or(default)
    }
    fn int(&self, name: &str, default: u64, min: u64) -> Result<u64, String> {
        match self.get(name) {
            None => Ok(default),
            Some(Json::Num(x, true)) => {
                if *x < min as f64 {
                    Err(format!("{} must be >= {}, got {}", name, min, x))
                } else if *x > 1e6 {
                    Err(format!("{} = {} is too large for this port", name, x))
                } else {
                    Ok(*x as u64)
                }
            }
            Some(other) => Err(format!("{} must be an int, got {}", name, other.type_name())),
        }
    }
    fn choice(&self, name: &str, default: &'a str, allowed: &[&str]) -> Result<&'a str, String> {
        match self.get(name) {
            None => Ok(default),
            Some(Json::Str(s)) if allowed.contains(&s.as_str()) => Ok(s),
            Some(Json::Str(s)) => Err(format!("unknown {} {:?}: expected one of {}", name, s, allowed.join(", "))),
            Some(other) => Err(format!("{} must be a str, got {}", name, other.type_name())),
        }
    }
}

fn run_exact_match(req: &Json, faults: &Faults) -> Outcome {
    let r = (|| -> Result<Outcome, String> {
        Options::new(req, &[])?;
        let (hyps, refs) = corpus(req, true)?;
        let rows: Vec<Vec<u64>> = hyps.iter().zip(refs.iter()).map(|(h, r)| vec![exact_match_row(h, r, faults)]).collect();
        let matched: u64 = rows.iter().map(|r| r[0]).sum();
        Ok(Outcome::Score(matched as f64 / hyps.len() as f64, rows))
    })();
    r.unwrap_or_else(Outcome::Error)
}

fn sum_rows(rows: &[Vec<u64>]) -> Vec<u64> {
    let mut total = rows[0].clone();
    for row in &rows[1..] {
        for (a, b) in total.iter_mut().zip(row.iter()) {
            *a += *b;
        }
    }
    total
}

fn run_bleu(req: &Json, faults: &Faults) -> Outcome {
    let r = (|| -> Result<Outcome, String> {
        let opts = Options::new(req, &["tokenize", "lowercase", "smooth_method", "smooth_value", "max_ngram_order", "effective_order"])?;
        let (hyps, refs) = corpus(req, false)?;
        let method = match opts.choice("smooth_method", "exp", &["none", "floor", "add-k", "exp"])? {
            "none" => Smooth::None,
            "floor" => Smooth::Floor,
            "add-k" => Smooth::AddK,
            _ => Smooth::Exp,
        };
        let value = match opts.get("smooth_value") {
            None | Some(Json::Null) => None,
            Some(Json::Num(x, _)) => {
                if !x.is_finite() || *x < 0.0 || *x > MAX_STATISTIC {
                    return Err(format!("smooth_value must be a finite number >= 0 (at most 2**53), got {}", x));
                }
                Some(*x)
            }
            Some(other) => return Err(format!("smooth_value must be a number, got {}", other.type_name())),
        };
        let tokenize = opts.choice("tokenize", "13a", KNOWN_TOKENIZERS)?;
        let order = opts.int("max_ngram_order", 4, 1)? as usize;
        let lowercase = opts.flag("lowercase", false);
        let effective = opts.flag("effective_order", false);
        if tokenize != "13a" && tokenize != "none" {
            return Ok(Outcome::Skipped(format!("tokenizer {:?} is not implemented (13a and none only)", tokenize)));
        }
        let rows: Vec<Vec<u64>> = hyps.iter().zip(refs.iter())
            .map(|(h, r)| bleu_row(h, r, tokenize == "13a", lowercase, order, faults)).collect();
        let score = bleu_score(&sum_rows(&rows), method, value, effective, faults);
        Ok(Outcome::Score(score, rows))
    })();
    r.unwrap_or_else(Outcome::Error)
}

fn run_chrf(req: &Json, faults: &Faults) -> Outcome {
    let r = (|| -> Result<Outcome, String> {
        let opts = Options::new(req, &["n", "beta", "word_order", "lowercase", "whitespace", "eps_smoothing"])?;
        let (hyps, refs) = corpus(req, false)?;
        let n = opts.int("n", 6, 0)? as usize;
        let word_order = opts.int("word_order", 0, 0)? as usize;
        if n + word_order == 0 {
            return Err("n (the character order) and word_order are both 0: chrF needs at least one order".into());
        }
        let beta = match opts.get("beta") {
            None => 2.0,
            Some(Json::Num(x, _)) => {
                if !(x * x).is_finite() {
                    return Err(format!("beta must be a finite number with a finite square, got {}", x));
                }
                *x
            }
            Some(other) => return Err(format!("beta must be a number, got {}", other.type_name())),
        };
        let o = ChrfOpts {
            n,
            word_order,
            beta,
            lowercase: opts.flag("lowercase", false),
            whitespace: opts.flag("whitespace", false),
            eps_smoothing: opts.flag("eps_smoothing", false),
        };
        let rows: Vec<Vec<u64>> = hyps.iter().zip(refs.iter()).map(|(h, r)| chrf_row(h, r, &o, faults)).collect();
        let score = chrf_score(&sum_rows(&rows), &o, faults);
        Ok(Outcome::Score(score, rows))
    })();
    r.unwrap_or_else(Outcome::Error)
}

/// The answer to a run request: `req` holds "metric", "options", "hyps" and "refs".
pub fn answer(req: &Json, faults: &Faults) -> Outcome {
    match req.get("metric") {
        Some(Json::Str(m)) if m == "exact_match" => run_exact_match(req, faults),
        Some(Json::Str(m)) if m == "bleu" => run_bleu(req, faults),
        Some(Json::Str(m)) if m == "chrf" => run_chrf(req, faults),
        Some(Json::Str(m)) => Outcome::Skipped(format!("metric {:?} is not implemented", m)),
        _ => Outcome::Error("run needs a metric name".into()),
    }
}
