//! bleuprint-rust-port: exact match, BLEU and chrF/chrF++ as bleuprint's spec (= sacreBLEU
//! 2.5.1) computes them, behind bleuprint's port protocol v1 (docs/port-protocol.md): one
//! JSON request per line on standard input, one JSON answer per line on standard output.

mod json;
mod lower_table;
mod metrics;
mod request;
mod text;
#[cfg(test)]
mod vector_tests;

use json::{obj, parse, serialize, Json};
use metrics::Faults;
use request::{answer, Outcome};
use std::io::{BufRead, Write};

fn respond(out: &mut impl Write, v: Json) {
    let mut s = String::new();
    serialize(&v, &mut s);
    s.push('\n');
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
}


fn dump_tables() {
    // For check.py: every code point whose Rust lowercase differs from itself.
    let mut out = String::new();
    for cp in 0..0x110000u32 {
        if let Some(c) = char::from_u32(cp) {
            let l: String = c.to_lowercase().collect();
            if l != c.to_string() {
                out.push_str(&format!("{:x}", cp));
                for d in l.chars() {
                    out.push_str(&format!(" {:x}", d as u32));
                }
                out.push('\n');
            }
        }
    }
    print!("{}", out);
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--dump-lower") {
        dump_tables();
        return;
    }
    let faults = match Faults::from_env() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("bleuprint-rust-port: {}", e);
            std::process::exit(2);
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("bleuprint-rust-port: cannot read standard input: {}", e);
                break;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let req = match parse(&line) {
            Ok(v) => v,
            Err(e) => {
                respond(&mut out, obj(vec![("error", Json::Str(format!("bad request: {}", e)))]));
                continue;
            }
        };
        let seq = req.get("seq").cloned().unwrap_or(Json::Null);
        match req.get("cmd") {
            Some(Json::Str(c)) if c == "start" => {
                respond(&mut out, obj(vec![
                    ("protocol", Json::Num(1.0, true)),
                    ("implementation", obj(vec![
                        ("name", Json::Str("bleuprint-rust-port".into())),
                        ("language", Json::Str("rust".into())),
                        ("version", Json::Str("0.1".into())),
                    ])),
                    ("metrics", Json::Arr(vec![
                        Json::Str("exact_match".into()), Json::Str("bleu".into()), Json::Str("chrf".into()),
                    ])),
                ]));
            }
            Some(Json::Str(c)) if c == "stop" => break,
            Some(Json::Str(c)) if c == "run" => {
                let outcome = answer(&req, &faults);
                let reply = match outcome {
                    Outcome::Score(score, rows) => obj(vec![
                        ("seq", seq),
                        ("score", Json::Num(score, false)),
                        ("stats", Json::Arr(rows.into_iter().map(|r| Json::Arr(r.into_iter().map(|x| Json::Num(x as f64, true)).collect())).collect())),
                    ]),
                    Outcome::Error(e) => obj(vec![("seq", seq), ("error", Json::Str(e))]),
                    Outcome::Skipped(m) => obj(vec![("seq", seq), ("skipped", Json::Bool(true)), ("message", Json::Str(m))]),
                };
                respond(&mut out, reply);
            }
            _ => respond(&mut out, obj(vec![("seq", seq), ("error", Json::Str("unknown cmd".into()))])),
        }
    }
}
