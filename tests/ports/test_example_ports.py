"""The two example ports, ``examples/ports/go`` and ``examples/ports/rust``, end to end.

A session fixture builds each port once (``go build`` into a temporary directory; ``cargo
build --release`` with ``CARGO_TARGET_DIR`` in one) and exports the vector files once
(``bleuprint.vectors.export``). A language whose toolchain is missing is skipped, except
under ``BLEUPRINT_REQUIRE_PORTS=1`` (set by ``.ci/run``), where that is a failure.

What must hold, and why it can fail:

* the correct port passes every vector it implements under ``bleuprint verify --port``
  (the parsed ``--json`` report has 0 failed, errored and timed out);
* requests of metrics the ports do not list (ROUGE, SQuAD, the lesson metrics) are
  answered ``skipped``, and SQuAD's schema v2 input (a null hypothesis, an empty
  reference list) sent for a metric they implement is refused with an ``error``, the port
  still answering afterwards;
* the port's own test (``go test`` / ``cargo test``) reads the vector files from
  ``BLEUPRINT_VECTORS`` and passes, and fails when a fault is planted;
* each of the 8 planted faults (``BLEUPRINT_PORT_FAULT``) fails some vectors, and among
  the failing vectors' flags is the id of the spec mutant that plants the same pitfall
  (the vector files flag a vector with the ids of the mutants it kills);
* the fuzzer (``bleuprint fuzz``, default seed) finds each fault and names that same
  mutant, its probe excluding the tokenizers the ports skip (so no example is skipped);
* (slow) the fuzzer finds no disagreement with the correct ports in 2,000 examples per
  metric.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORTS = ROOT / "examples" / "ports"

#: planted fault -> (the metric it breaks, the spec mutant that plants the same pitfall)
FAULTS = {
    "unclipped": ("bleu", "s01"),             # pitfall 1: matches not clipped
    "shortest_ref": ("bleu", "s02"),          # pitfall 2: shortest, not closest, reference
    "arithmetic_mean": ("bleu", "s07"),       # pitfall 5: arithmetic mean of precisions
    "no_smoothing": ("bleu", "s08"),          # pitfall 5: exp smoothing dropped
    "lowercase_always": ("bleu", "s10"),      # pitfall 6: another case rule
    "chrf_keep_whitespace": ("chrf", "s11"),  # pitfall 7: white space kept
    "chrf_average_f": ("chrf", "s13"),        # pitfall 7: F averaged over orders
    "last_reference": ("chrf", "s14"),        # pitfall 8: last reference, not best
}
LANGUAGES = ("go", "rust")
FUZZ_SEED = 0
#: What the fuzzer's probe finds the ports skip (they implement BLEU's 13a and none only).
NOT_DRAWN = {"bleu": {"tokenize": ["intl", "zh", "char"]}, "chrf": {}}
FUZZ_EXAMPLES_TO_FIND = 2000  # the fuzzer stops at the first disagreement, so this is a cap
FUZZ_EXAMPLES_CLEAN = 2000


def _required() -> bool:
    return os.environ.get("BLEUPRINT_REQUIRE_PORTS") == "1"


def _toolchain_missing(message: str):
    if _required():
        pytest.fail(f"{message}, and BLEUPRINT_REQUIRE_PORTS=1 requires both ports to be built")
    pytest.skip(message)


def _cargo() -> str | None:
    found = shutil.which("cargo")
    home_cargo = Path.home() / ".cargo" / "bin" / "cargo"
    return found or (str(home_cargo) if home_cargo.exists() else None)


def _run(args, cwd=None, env=None, timeout=600) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("BLEUPRINT_PORT_FAULT", "BLEUPRINT_VECTORS")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.update(extra)
    return env


@pytest.fixture(scope="session")
def vectors_dir(exported_vectors) -> Path:
    """The vector files, exported once per session with their full mutation pass
    (``exported_vectors`` in tests/conftest.py, shared with tests/vectors)."""
    return exported_vectors[0]


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory) -> Path:
    """One directory per run for the builds (shared by pytest-xdist's workers, which
    build each language once between them: ``once_per_run``)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return tmp_path_factory.mktemp("port-builds")
    shared = tmp_path_factory.getbasetemp().parent / "port-builds"
    shared.mkdir(exist_ok=True)
    return shared


@pytest.fixture(scope="session")
def built(build_dir, once_per_run):
    """language -> (binary path, the command that runs the language's own test) or the
    reason it could not be built; each language is built at most once."""
    cache: dict = {}

    def build(language: str):
        if language not in cache:
            cache[language] = once_per_run(f"port-build-{language}", lambda: _build(language, build_dir))
        return cache[language]

    return build


def _build(language: str, build_dir: Path):
    if language == "go":
        go = shutil.which("go")
        if go is None:
            return "go is not installed (Debian/Ubuntu: apt-get install golang-go)"
        binary = build_dir / "bleuprint-go-port"
        done = _run([go, "build", "-o", str(binary), "."], cwd=PORTS / "go", env=_clean_env())
        assert done.returncode == 0, f"go build failed:\n{done.stderr}"
        return binary, [go, "test", "-count=1", "-v", "./..."], {}
    cargo = _cargo()
    if cargo is None:
        return "cargo is not installed (https://rustup.rs)"
    # cargo's own directory first on PATH: a rustup cargo in ~/.cargo/bin needs its rustc
    target = {"CARGO_TARGET_DIR": str(build_dir / "cargo-target"),
              "PATH": os.pathsep.join([str(Path(cargo).parent), os.environ.get("PATH", "")])}
    done = _run([cargo, "build", "--release", "--quiet"], cwd=PORTS / "rust", env=_clean_env(**target))
    assert done.returncode == 0, f"cargo build failed:\n{done.stderr}"
    binary = build_dir / "cargo-target" / "release" / "bleuprint-rust-port"
    return binary, [cargo, "test", "--release", "--quiet", "--", "--nocapture"], target


@pytest.fixture(params=LANGUAGES)
def port(request, built):
    """(language, binary, language test command, build environment) of one built port."""
    result = built(request.param)
    if isinstance(result, str):
        _toolchain_missing(result)
    binary, test_command, env = result
    return request.param, binary, test_command, env


def _cli_json(argv: list, fault: str | None, monkeypatch, capsys) -> tuple[int, dict]:
    """Run the bleuprint CLI in this process with ``--json -`` and parse its report; the
    port it starts inherits BLEUPRINT_PORT_FAULT from this process's environment."""
    from bleuprint.cli import main

    monkeypatch.delenv("BLEUPRINT_PORT_FAULT", raising=False)
    if fault:
        monkeypatch.setenv("BLEUPRINT_PORT_FAULT", fault)
    capsys.readouterr()
    status = main(argv + ["--json", "-"])
    out = capsys.readouterr().out
    assert out.strip(), f"no JSON report (status {status})"
    return status, json.loads(out)


def _verify(binary: Path, vectors: Path, monkeypatch, capsys, fault: str | None = None) -> tuple[int, dict]:
    status, report = _cli_json(["verify", "--port", str(binary), "--vectors", str(vectors)], fault, monkeypatch, capsys)
    assert report["schema"] == "bleuprint_port_report_v2"
    return status, report


def _fuzz(binary: Path, metric: str, examples: int, seed: int, monkeypatch, capsys,
          fault: str | None = None) -> tuple[int, dict]:
    status, report = _cli_json(["fuzz", "--port", str(binary), "--metric", metric, "--examples", str(examples),
                                "--seed", str(seed)], fault, monkeypatch, capsys)
    assert report["schema"] == "bleuprint_fuzz_report_v2"
    return status, report


def test_correct_port_passes_every_vector_it_implements(port, vectors_dir, monkeypatch, capsys):
    language, binary, _, _ = port
    status, report = _verify(binary, vectors_dir, monkeypatch, capsys)
    counts = report["counts"]
    assert (counts["failed"], counts["errored"], counts["timeout"]) == (0, 0, 0), report["messages"]
    assert status == 0 and report["ok"]
    # every metric the ports implement has vectors that ran (not all skipped)
    ran = {o["metric"] for o in report["outcomes"] if o["status"] == "passed"}
    assert ran == {"exact_match", "bleu", "chrf"}, f"{language}: metrics that passed: {ran}"
    assert report["implementation"]["language"] == language


def test_the_ports_implement_what_the_protocol_page_says(port):
    """``examples/ports/implemented.json`` (the example-ports column of the options table
    in docs/port-protocol.md, docsgen/protocol_options.py) is what the built port does:
    it lists exactly the metrics the file gives it, and probing each (one ``run`` per
    value of every option whose values form a finite set, ``ports.probe``) finds the port
    skipping exactly the values the file says it skips."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from docsgen.protocol_options import load_ports

    from bleuprint.core import get_metric
    from bleuprint.ports.probe import probe
    from bleuprint.ports.process import Port

    language, binary, _, _ = port
    claimed = load_ports()[language]
    running = Port(str(binary), 10.0)
    try:
        hello = running.start()
        assert sorted(hello.metrics) == sorted(claimed), f"{language} lists {hello.metrics}"
        for metric, data in claimed.items():
            found = probe(running, get_metric(metric)).describe()
            assert found == data["skips"], f"{language} {metric}: skips {found}, the file says {data['skips']}"
    finally:
        running.close()


def test_language_test_reads_the_vectors_and_catches_a_fault(port, vectors_dir):
    language, _, test_command, build_env = port
    cwd = PORTS / language
    clean = _run(test_command, cwd=cwd, env=_clean_env(BLEUPRINT_VECTORS=str(vectors_dir), **build_env))
    assert clean.returncode == 0, f"{language} test failed:\n{clean.stdout}\n{clean.stderr}"
    assert " 0 failed" in clean.stdout and " passed, " in clean.stdout  # the test's own summary line
    planted = _run(test_command, cwd=cwd,
                   env=_clean_env(BLEUPRINT_VECTORS=str(vectors_dir), BLEUPRINT_PORT_FAULT="unclipped", **build_env))
    assert planted.returncode != 0, f"{language} test passed with the fault 'unclipped' planted"
    assert "Clipping" in planted.stdout + planted.stderr  # the failing vectors' flags are named


def test_language_test_without_vectors_says_how_to_set_them(port):
    language, _, test_command, build_env = port
    done = _run(test_command, cwd=PORTS / language, env=_clean_env(**build_env))
    assert done.returncode == 0
    assert "BLEUPRINT_VECTORS is not set" in done.stdout + done.stderr


BLEU_DEFAULTS = {"tokenize": "13a", "lowercase": False, "smooth_method": "exp", "smooth_value": None,
                 "max_ngram_order": 4, "effective_order": False}


def test_ports_skip_new_metrics_and_refuse_schema_v2_input(port):
    """Requests the ports were not written for, sent by hand on one run of each port: a
    metric they do not list (rouge, squad, lesson_f1, even with SQuAD's null hypothesis and
    empty reference list) is answered ``skipped``; a null hypothesis or an empty reference
    list for a metric they implement (exact_match, bleu) is refused with an ``error`` (the
    spec refuses it: TypeError, ValueError); and the port is still alive afterwards: the
    last request, exact match of "a" against ["a"], scores 1 (hand: 1 of 1 segments)."""
    _, binary, _, _ = port
    requests = [
        {"cmd": "start", "protocol": 1},
        {"cmd": "run", "seq": 1, "metric": "squad", "options": {"version": "2.0", "value": "f1"},
         "hyps": [None, "Paris"], "refs": [[], ["paris"]]},
        {"cmd": "run", "seq": 2, "metric": "rouge", "options": {"rouge_type": "rouge1", "measure": "fmeasure",
                                                                "use_stemmer": False},
         "hyps": ["a"], "refs": [["a"]]},
        {"cmd": "run", "seq": 3, "metric": "lesson_f1", "options": {}, "hyps": ["a"], "refs": [["a"]]},
        {"cmd": "run", "seq": 4, "metric": "exact_match", "options": {}, "hyps": [None], "refs": [["a"]]},
        {"cmd": "run", "seq": 5, "metric": "bleu", "options": BLEU_DEFAULTS, "hyps": ["a"], "refs": [[]]},
        {"cmd": "run", "seq": 6, "metric": "exact_match", "options": {}, "hyps": ["a"], "refs": [["a"]]},
        {"cmd": "stop"},
    ]
    done = subprocess.run([str(binary)], input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True, timeout=60, env=_clean_env())
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(answers) == 7, done.stdout  # the start answer and one per run
    by_seq = {a.get("seq"): a for a in answers[1:]}
    assert [by_seq[seq].get("skipped") for seq in (1, 2, 3)] == [True, True, True]
    assert "error" in by_seq[4] and "error" in by_seq[5], (by_seq[4], by_seq[5])
    assert by_seq[6]["score"] == 1.0 and by_seq[6].get("stats", [[1]]) == [[1]]


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_vectors_catch_each_fault_with_its_mutant_flag(port, vectors_dir, fault, monkeypatch, capsys):
    _, binary, _, _ = port
    metric, mutant = FAULTS[fault]
    status, report = _verify(binary, vectors_dir, monkeypatch, capsys, fault)
    failing = [o for o in report["outcomes"] if o["status"] in ("failed", "errored")]
    assert status == 1 and failing, f"fault {fault} passed every vector"
    assert {o["metric"] for o in failing} == {metric}, f"fault {fault} should only break {metric}"
    flags = {flag for o in failing for flag in o["flags"]}
    assert mutant in flags, f"fault {fault}: no failing vector carries the flag {mutant}; flags {sorted(flags)}"
    # and the report names it first among the probable pitfalls (a tie with a mutant whose
    # vectors are the same set, such as s08 and r06 for the same smoothing pitfall, allowed)
    likely = report["likelyPitfalls"]
    best = [item["flag"] for item in likely if item["similarity"] == likely[0]["similarity"]]
    assert mutant in best, f"fault {fault}: the probable pitfalls are {likely}, not led by {mutant}"


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_fuzzer_finds_each_fault_and_names_its_mutant(port, fault, monkeypatch, capsys):
    _, binary, _, _ = port
    metric, mutant = FAULTS[fault]
    status, report = _fuzz(binary, metric, FUZZ_EXAMPLES_TO_FIND, FUZZ_SEED, monkeypatch, capsys, fault)
    assert status == 1 and not report["ok"], f"fault {fault}: no disagreement in {report['ran']} examples"
    assert report["notDrawn"] == NOT_DRAWN[metric] and report["skipped"] == 0
    finding = report["finding"]
    assert finding["status"] == "failed"
    named = [m["id"] for m in finding["mutants"]]
    assert mutant in named, f"fault {fault}: the fuzzer named {named} (others {finding['otherMutants']})"


def _available_ports(built) -> dict:
    """language -> binary of every port that could be built (toolchain rules as above)."""
    ports = {}
    for language in LANGUAGES:
        result = built(language)
        if isinstance(result, str):
            if _required():
                pytest.fail(f"{result}, and BLEUPRINT_REQUIRE_PORTS=1 requires both ports to be built")
            continue
        ports[language] = result[0]
    if not ports:
        pytest.skip("neither go nor cargo is installed")
    return ports


@pytest.mark.slow
def test_fuzzer_agrees_with_the_correct_ports(built, tmp_path):
    """2,000 fuzzed examples per metric and port, no disagreement. The runs are separate
    ``bleuprint fuzz`` processes, as many at a time as there are CPUs, to keep CI short."""
    runs = [(language, binary, metric) for language, binary in _available_ports(built).items()
            for metric in ("exact_match", "bleu", "chrf")]
    parallel = max(1, min(len(runs), os.cpu_count() or 1))
    env = _clean_env()
    results = {}
    pending = list(runs)
    running = []
    while pending or running:
        while pending and len(running) < parallel:
            language, binary, metric = pending.pop(0)
            report = tmp_path / f"{language}-{metric}.json"
            argv = [sys.executable, "-m", "bleuprint", "fuzz", "--port", str(binary), "--metric", metric,
                    "--examples", str(FUZZ_EXAMPLES_CLEAN), "--seed", str(FUZZ_SEED), "--json", str(report)]
            running.append(((language, metric, report), subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                                                                         stderr=subprocess.PIPE, text=True)))
        (key, proc), running = running[0], running[1:]
        _, err = proc.communicate(timeout=1800)
        results[key[:2]] = (proc.returncode, key[2], err)
    for (language, metric), (status, report_path, err) in sorted(results.items()):
        assert report_path.exists(), f"{language} {metric}: no fuzz report (status {status}):\n{err}"
        report = json.loads(report_path.read_text(encoding="utf-8"))
        assert report["schema"] == "bleuprint_fuzz_report_v2"
        assert report["finding"] is None, f"{language} {metric}: " + json.dumps(report["finding"])[:2000]
        assert status == 0 and report["ran"] == FUZZ_EXAMPLES_CLEAN, (language, metric, status, report["ran"])


def _readme_port_examples() -> list[tuple[dict, list[str], list[str]]]:
    """(environment, bleuprint arguments, shown lines) of every console command of the
    README that runs ``bleuprint`` with a planted port fault (``$ BLEUPRINT_PORT_FAULT=...``)."""
    import shlex

    from readme_console import console_commands

    examples = []
    for command, shown in console_commands():
        words = shlex.split(command)
        if words and words[0].startswith("BLEUPRINT_PORT_FAULT=") and words[1:2] == ["bleuprint"]:
            examples.append((dict([words[0].split("=", 1)]), words[2:], shown))
    return examples


def test_the_readme_shows_real_output_of_the_go_port(built, vectors_dir):
    """The README's "Verify your port" output is what the Go port with its fault gives: each
    shown line, in order, is a line of the real output (``./bleuprint-go-port`` and
    ``vectors/`` stand for the built binary and the exported vectors; timings aside)."""
    from readme_console import missing_line

    result = built("go")
    if isinstance(result, str):
        _toolchain_missing(result)
    binary = result[0]
    examples = _readme_port_examples()
    assert len(examples) >= 2, "the README shows verify --port and fuzz --port on the Go port"
    for environment, arguments, shown in examples:
        arguments = [str(binary) if a == "./bleuprint-go-port" else str(vectors_dir) if a == "vectors/" else a
                     for a in arguments]
        done = _run([sys.executable, "-m", "bleuprint", *arguments], env=_clean_env(**environment))
        missing = missing_line(shown, done.stdout.replace(str(binary), "./bleuprint-go-port"))
        assert missing is None, (f"README line not in the output of bleuprint {' '.join(arguments)}:\n"
                                 f"{missing}\n--- real output:\n{done.stdout}")


def test_the_conformance_page_shows_real_output_of_the_ports_and_nltk(built, vectors_dir, tmp_path):
    """docs/how-to/conformance.md's console example is what ``bleuprint conformance`` prints
    for both built ports and NLTK on the exported vectors (each shown line, in order, a line
    of the real output; ``./bleuprint-go-port``, ``./bleuprint-rust-port`` and ``vectors/``
    stand for the built binaries and the vectors), and the report folder it names holds
    the page, the JSON and a badge per entry."""
    pytest.importorskip("nltk")
    from readme_console import console_commands, missing_line

    page = ROOT / "docs" / "how-to" / "conformance.md"
    (example,) = [(c, shown) for c, shown in console_commands([page]) if c.startswith("bleuprint conformance")]
    command, shown = example
    for language in LANGUAGES:
        result = built(language)
        if isinstance(result, str):
            _toolchain_missing(result)
        shutil.copy(result[0], tmp_path / f"bleuprint-{language}-port")
    (tmp_path / "vectors").symlink_to(vectors_dir)
    import shlex

    done = _run([sys.executable, "-m", "bleuprint", *shlex.split(command)[1:]], cwd=tmp_path, env=_clean_env())
    missing = missing_line(shown, done.stdout)
    assert missing is None, f"not in the output of {command}:\n{missing}\n--- real output:\n{done.stdout}{done.stderr}"
    data = json.loads((tmp_path / "report" / "conformance.json").read_text(encoding="utf-8"))
    assert [i["name"] for i in data["implementations"]] == ["bleuprint-go-port", "bleuprint-rust-port", "nltk"]
    for implementation in data["implementations"]:
        for entry in implementation["entries"]:
            assert (tmp_path / "report" / entry["badge"]).is_file()
    assert (tmp_path / "report" / "index.html").is_file()
