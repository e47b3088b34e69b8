//! The port against bleuprint's exported vector files, read directly (the way Go's
//! x/crypto reads Wycheproof):
//!
//!     bleuprint vectors export DIR
//!     BLEUPRINT_VECTORS=DIR cargo test
//!
//! Every *.json directly in DIR whose "schema" is bleuprint_metric_vectors_v6.json (text
//! segments with references; v1 before generator 1.3.0 added each test's class) is read
//! (index.json, the files of schemas v7-v10 (SQuAD's null hypotheses and empty reference lists, ...),
//! and other file types such as interval vectors are passed over, and so are
//! the subdirectories: DIR/core holds the core suite, run alone with BLEUPRINT_VECTORS=DIR/core);
//! unknown keys are ignored. For each test the port implements: a "valid" test must give
//! expected.stats exactly and expected.score within the file's scoreTolerance; an
//! "invalid" test must be refused. Tests of metrics or option values the port does not
//! implement are skipped and counted. BLEUPRINT_PORT_FAULT plants a fault here as in the
//! binary, so a planted fault must make this test fail. Without BLEUPRINT_VECTORS the
//! test prints how to set it and returns (Rust's test harness has no skip).

use crate::json::{obj, parse, serialize, Json};
use crate::metrics::Faults;
use crate::request::{answer, Outcome};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The level-1 vector schemas: v6 (generator 1.3.0 and later), v1 (before).
const METRIC_SCHEMA: &str = "bleuprint_metric_vectors_v6.json";
const METRIC_SCHEMA_BEFORE: &str = "bleuprint_metric_vectors_v1.json";

/// The *.json files directly in `dir` (not its subdirectories), sorted.
fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {}", dir.display(), e));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_file() && path.extension().map_or(false, |x| x == "json") {
            out.push(path);
        }
    }
    out.sort();
}

fn text(v: &Json) -> String {
    let mut s = String::new();
    serialize(v, &mut s);
    s
}

/// The expected statistics rows equal the port's, value by value.
fn same_stats(got: &[Vec<u64>], want: Option<&Json>) -> bool {
    let rows = match want {
        Some(Json::Arr(rows)) if rows.len() == got.len() => rows,
        _ => return false,
    };
    rows.iter().zip(got).all(|(r, g)| match r {
        Json::Arr(cols) => cols.len() == g.len() && cols.iter().zip(g).all(|(c, x)| *c == Json::Num(*x as f64, true)),
        _ => false,
    })
}

/// None when the outcome passes the test, else what is wrong.
fn check(outcome: &Outcome, test: &Json, tolerance: f64) -> Option<String> {
    let valid = matches!(test.get("result"), Some(Json::Str(r)) if r == "valid");
    let expected = test.get("expected");
    match outcome {
        Outcome::Error(e) if valid => Some(format!("the port refused valid input: {}", e)),
        Outcome::Error(_) => None,
        Outcome::Score(score, _) if !valid => Some(format!("the input must be refused, the port scored {}", score)),
        Outcome::Score(score, rows) => {
            let want = match expected.and_then(|e| e.get("score")) {
                Some(Json::Num(x, _)) => *x,
                other => return Some(format!("expected.score is {:?}", other)),
            };
            if (score - want).abs() > tolerance {
                return Some(format!("score {}, expected {}", score, want));
            }
            let want_rows = expected.and_then(|e| e.get("stats"));
            if !same_stats(rows, want_rows) {
                return Some(format!("stats {:?}, expected {}", rows, want_rows.map(text).unwrap_or_default()));
            }
            None
        }
        Outcome::Skipped(_) => None,
    }
}

#[test]
fn vectors() {
    let dir = match std::env::var("BLEUPRINT_VECTORS") {
        Ok(d) if !d.is_empty() => PathBuf::from(d),
        _ => {
            println!("skipped: BLEUPRINT_VECTORS is not set; run `bleuprint vectors export DIR`, then `BLEUPRINT_VECTORS=DIR cargo test`");
            return;
        }
    };
    let faults = Faults::from_env().unwrap_or_else(|e| panic!("{}", e));
    let mut paths = Vec::new();
    json_files(&dir, &mut paths);
    let (mut files, mut passed, mut skipped) = (0, 0, 0);
    let mut failures: Vec<String> = Vec::new();
    let mut failed_flags: BTreeMap<String, usize> = BTreeMap::new();
    for path in &paths {
        let body = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        let doc = parse(&body).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
        if !matches!(doc.get("schema"), Some(Json::Str(s)) if s == METRIC_SCHEMA || s == METRIC_SCHEMA_BEFORE) {
            continue; // the index, a schema, another file type
        }
        files += 1;
        let name = path.strip_prefix(&dir).unwrap_or(path).display().to_string();
        let metric = doc.get("metric").cloned().unwrap_or(Json::Null);
        let tolerance = match doc.get("scoreTolerance") {
            Some(Json::Num(x, _)) => *x,
            other => panic!("{}: scoreTolerance is {:?}", name, other),
        };
        let groups = match doc.get("testGroups") {
            Some(Json::Arr(g)) => g,
            _ => panic!("{}: no testGroups", name),
        };
        for group in groups {
            let options = group.get("options").cloned().unwrap_or(Json::Null);
            let tests = match group.get("tests") {
                Some(Json::Arr(t)) => t,
                _ => panic!("{}: a group without tests", name),
            };
            for test in tests {
                let request = obj(vec![
                    ("metric", metric.clone()),
                    ("options", options.clone()),
                    ("hyps", test.get("hyps").cloned().unwrap_or(Json::Null)),
                    ("refs", test.get("refs").cloned().unwrap_or(Json::Null)),
                ]);
                let outcome = answer(&request, &faults);
                if let Outcome::Skipped(_) = outcome {
                    skipped += 1;
                    continue;
                }
                match check(&outcome, test, tolerance) {
                    None => passed += 1,
                    Some(problem) => {
                        let flags = test.get("flags").map(text).unwrap_or_default();
                        if let Some(Json::Arr(fs)) = test.get("flags") {
                            for f in fs {
                                if let Json::Str(f) = f {
                                    *failed_flags.entry(f.clone()).or_insert(0) += 1;
                                }
                            }
                        }
                        let tc = test.get("tcId").map(text).unwrap_or_default();
                        failures.push(format!("{} tcId {} (flags {}): {}", name, tc, flags, problem));
                    }
                }
            }
        }
    }
    assert!(files > 0, "no {} files under {}: export them with `bleuprint vectors export DIR`", METRIC_SCHEMA, dir.display());
    println!("{} vector files: {} passed, {} skipped (not implemented by this port), {} failed",
             files, passed, skipped, failures.len());
    for f in failures.iter().take(20) {
        println!("  {}", f);
    }
    assert!(failures.is_empty(), "{} vectors failed; their flags: {:?}", failures.len(), failed_flags);
}
