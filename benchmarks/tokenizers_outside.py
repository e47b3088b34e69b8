"""Speed of BLEU with the tokenizers of an outside library (issue #20): ``ja-mecab``,
``ko-mecab`` and a SentencePiece model (``flores200`` reading a model trained here), corpus
BLEU by bleuprint's impl against sacreBLEU 2.5.1 in the same process, and the library alone
(the floor: neither can tokenize faster than MeCab or SentencePiece).

Usage::

    python benchmarks/tokenizers_outside.py              # 4,000 segments, median of 5
    python benchmarks/tokenizers_outside.py --lines 1000 --repeats 3 --json out.json

Corpus: seeded Japanese and Korean segments glued from the hand-written lines of
``bleuprint/oracles/texts_cjk.py`` (each segment 2-4 edited lines and a number, so that
nearly every line is distinct: no cache helps either tool), one reference each; the
SentencePiece model is trained on ``tests/spm_training.py``'s text (vocabulary 2,000) and
scored on the Japanese and Korean segments together.

Work timed, cold (sacreBLEU's ``lru_cache`` of tokenized lines and bleuprint's loaded
taggers/models are built before the timing, the line caches cleared before each run):

* bleuprint: ``bleuprint.impl.corpus_bleu(hyps, refs, tokenize=NAME)``;
* sacreBLEU: ``BLEU(tokenize=NAME).corpus_score(hyps, [refs])`` (the metric object made
  before the timing, as its constructor loads the tagger or model);
* floor: MeCab's ``parse`` of every line in a loop; SentencePiece's ``EncodeAsPieces`` of
  every line in a loop and its batch ``encode(lines, out_type=str)``.

Each figure is the median of the repeats, CPU time (``time.process_time``, every thread)
beside wall time; ``x`` is sacreBLEU's time over bleuprint's. The scores must be equal
(``==``).
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from bleuprint import impl  # noqa: E402
from bleuprint.oracles.texts_cjk import JAPANESE, KOREAN, edited  # noqa: E402
from bleuprint.spec import tokenizers_spm  # noqa: E402
from bleuprint.spec.tokenizers_mecab import mecab_tagger  # noqa: E402


def segments(rng: random.Random, pool: list[str], count: int) -> tuple[list[str], list[list[str]]]:
    lines = [line for line in pool if line.strip()]
    hyps, refs = [], []
    for k in range(count):
        base = [rng.choice(lines) for _ in range(rng.randint(2, 4))]
        number = f"{rng.randint(0, 99999)}"
        hyps.append("".join(edited(rng, b, lines) for b in base) + number)
        refs.append(["".join(edited(rng, b, lines) for b in base) + number])
    return hyps, refs


def timed(function, before, repeats: int):
    cpu, wall, result = [], [], None
    for _ in range(repeats):
        before()
        gc.collect()
        c0, w0 = time.process_time(), time.perf_counter()
        result = function()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu), statistics.median(wall), result


def run(lines: int, repeats: int) -> dict:
    import sacrebleu
    from sacrebleu.metrics import bleu as sb_bleu
    from sacrebleu.tokenizers import tokenizer_spm

    logging.getLogger("sacrebleu").setLevel(logging.ERROR)
    rng = random.Random(20)
    corpora = {"ja-mecab": segments(rng, JAPANESE, lines), "ko-mecab": segments(rng, KOREAN, lines)}
    spm_hyps = corpora["ja-mecab"][0][: lines // 2] + corpora["ko-mecab"][0][: lines // 2]
    spm_refs = corpora["ja-mecab"][1][: lines // 2] + corpora["ko-mecab"][1][: lines // 2]
    corpora["flores200 (trained model)"] = (spm_hyps, spm_refs)

    home = Path(tempfile.mkdtemp(prefix="bleuprint-bench-"))
    (home / "models").mkdir()
    from spm_training import train_model

    model = train_model(home / "models" / tokenizers_spm.model_file_name("flores200"), vocab_size=2000)
    tokenizers_spm.use_spm_model("flores200", model)
    tokenizer_spm.SACREBLEU_DIR = str(home)  # sacreBLEU reads the same file; never downloads

    results = {}
    for label, (hyps, refs) in corpora.items():
        name = label.split()[0]
        metric = sacrebleu.BLEU(tokenize=name)
        tokenizer = metric.tokenizer
        klass = type(tokenizer)
        clear_theirs = klass.__call__.cache_clear
        impl.corpus_bleu(hyps[:2], refs[:2], tokenize=name)  # the tagger or model loaded, the kernels imported
        b_cpu, b_wall, ours = timed(lambda: impl.corpus_bleu(hyps, refs, tokenize=name), lambda: None, repeats)
        s_cpu, s_wall, theirs = timed(lambda: metric.corpus_score(hyps, [[r[0] for r in refs]]).score,
                                      clear_theirs, repeats)
        every = hyps + [r[0] for r in refs]
        row = {"segments": len(hyps), "lines": len(every), "distinct_lines": len(set(every)),
               "bleuprint": {"cpu": b_cpu, "wall": b_wall}, "sacrebleu": {"cpu": s_cpu, "wall": s_wall},
               "equal": ours == theirs, "score": ours}
        if name.endswith("mecab"):
            parse = mecab_tagger(name).parse
            f_cpu, f_wall, _ = timed(lambda: [parse(x.strip()) for x in every], lambda: None, repeats)
            row["floor: MeCab parse loop"] = {"cpu": f_cpu, "wall": f_wall}
        else:
            processor = tokenizers_spm.spm_processor(name)
            f_cpu, f_wall, _ = timed(lambda: [processor.EncodeAsPieces(x) for x in every], lambda: None, repeats)
            row["floor: EncodeAsPieces loop"] = {"cpu": f_cpu, "wall": f_wall}
            f_cpu, f_wall, _ = timed(lambda: processor.encode(every, out_type=str), lambda: None, repeats)
            row["floor: encode batch"] = {"cpu": f_cpu, "wall": f_wall}
        results[label] = row
    del sb_bleu
    return results


def render(results: dict) -> str:
    out = []
    for label, row in results.items():
        b, s = row["bleuprint"], row["sacrebleu"]
        out.append(f"{label}: {row['segments']} segments, {row['distinct_lines']} distinct of {row['lines']} lines, "
                   f"scores equal: {row['equal']} ({row['score']:.4f})")
        out.append(f"  bleuprint  cpu {b['cpu']:.3f} s  wall {b['wall']:.3f} s")
        out.append(f"  sacreBLEU  cpu {s['cpu']:.3f} s  wall {s['wall']:.3f} s   "
                   f"(x{s['cpu'] / b['cpu']:.2f} cpu, x{s['wall'] / b['wall']:.2f} wall)")
        for key, value in row.items():
            if key.startswith("floor"):
                out.append(f"  {key:<28} cpu {value['cpu']:.3f} s  wall {value['wall']:.3f} s")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=4000, help="segments per language (default 4000)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    results = run(args.lines, args.repeats)
    print(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0 if all(row["equal"] for row in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
