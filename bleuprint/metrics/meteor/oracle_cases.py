"""Golden Meteor 1.5 cases: segments scored by the jar inside pycocoevalcap 1.2, run
through Java as pycocoevalcap's ``Meteor`` wrapper runs it
(``java -jar -Xmx2G meteor-1.5.jar - - -stdio -l en -norm`` in the jar's folder), for
``bleuprint/oracles/goldens/meteor.json``.

Read only by the generator (``python -m bleuprint.oracles.generate meteor``), verify and
the tests; never imported by the metric. One JVM serves a whole build (starting it and
loading the paraphrase table takes about 40 s).

A case is one corpus: ``sentence_stats[i]`` is the jar's ``SCORE`` answer for segment i
(23 integers), ``sentence_scores`` its ``EVAL`` scores, ``score`` ``EVAL``'s corpus
score (summed statistics), ``corpus_stats`` the plain sum of the rows (the metric's rows:
the jar's lines, ``jar_stats``, each followed by EVAL's chunks, ``Meteor15``'s
docstring). The hypothesis
goes through the wrapper's own clean-up (``|||`` removed, double spaces halved), which
the texts here never need. Families: ``meteor:random:<pool>`` (seeded noisy copies of
a base sentence over word pools that hit stems, synonyms the jar's synsets link,
paraphrases in paraphrase-en.gz, function words; 1-4 references), ``meteor:quirks``
(identical sentences, empty sides, punctuation, non-ASCII, repeats, ties between
references), ``meteor:ted`` (a few sentences of talk transcripts written for this file),
``meteor:three`` (1.0, 0.415, 1.0 -> 0.595: summed statistics, not the mean).
"""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess
import threading
from pathlib import Path

SEED = 20261219
PYCOCOEVALCAP_VERSION = "1.2"
PINNED_SHA256 = "1e57b4c72c0830ebe68558f1c799a624e96cbc1b6045c9f6330e26dcff6eafc2"


def jar_path() -> Path:
    """The installed pycocoevalcap's meteor-1.5.jar (found without importing pycocoevalcap);
    RuntimeError if absent, a different jar, or no java."""
    import importlib.util

    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("pycocoevalcap 1.2 is needed for the Meteor oracle (pip install pycocoevalcap==1.2)")
    jar = Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"
    if not jar.is_file():
        raise RuntimeError(f"no Meteor jar at {jar}")
    digest = hashlib.sha256(jar.read_bytes()).hexdigest()
    if digest != PINNED_SHA256:
        raise RuntimeError(f"{jar} has sha256 {digest}, the goldens pin {PINNED_SHA256}")
    if shutil.which("java") is None:
        raise RuntimeError("java is needed to run the Meteor jar (Java 17 was used)")
    return jar


class MeteorJar:
    """One ``-stdio`` JVM: ``stats`` sends SCORE lines, ``evaluate`` an EVAL line."""

    def __init__(self):
        jar = jar_path()
        self.process = subprocess.Popen(
            ["java", "-jar", "-Xmx2G", jar.name, "-", "-", "-stdio", "-l", "en", "-norm"],
            cwd=jar.parent, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def _exchange(self, lines: list, answers_per_line) -> list:
        def write():
            for line in lines:
                self.process.stdin.write((line + "\n").encode("utf-8"))
            self.process.stdin.flush()

        writer = threading.Thread(target=write)
        writer.start()
        out = [self.process.stdout.readline().decode("utf-8").strip() for _ in range(answers_per_line)]
        writer.join()
        return out

    def stats(self, segments: list) -> list:
        """The SCORE answers of (hyp, refs) pairs, as lists of 23 integers."""
        lines = []
        for hyp, refs in segments:
            hyp = hyp.replace("|||", "").replace("  ", " ")
            lines.append(" ||| ".join(("SCORE", " ||| ".join(refs), hyp)))
        answers = self._exchange(lines, len(lines))
        rows = []
        for answer in answers:
            numbers = [float(x) for x in answer.split()]
            if len(numbers) != 23 or any(x != int(x) for x in numbers):
                raise RuntimeError(f"unexpected Meteor answer: {answer!r}")
            rows.append([int(x) for x in numbers])
        return rows

    def evaluate(self, rows: list) -> tuple:
        """EVAL of stats rows: (segment scores, corpus score)."""
        line = "EVAL" + "".join(" ||| " + " ".join(f"{float(x)}" for x in row) for row in rows)
        answers = self._exchange([line], len(rows) + 1)
        values = [float(a) for a in answers]
        return values[:-1], values[-1]

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)


_JAR = None


def shared_jar() -> MeteorJar:
    """One JVM per process (for verify and the tests)."""
    global _JAR
    if _JAR is None or _JAR.process.poll() is not None:
        _JAR = MeteorJar()
    return _JAR


def oracle_corpus(hyps: list, refs: list, jar: MeteorJar | None = None) -> dict:
    jar = jar or shared_jar()
    rows = jar.stats(list(zip(hyps, refs)))
    scores, corpus = jar.evaluate(rows)
    return {"sentence_stats": rows, "sentence_scores": scores, "score": corpus,
            "corpus_stats": [sum(col) for col in zip(*rows)] if rows else [0] * 23}


#: Word pools: stems, synonym pairs the jar's synsets link, phrase pairs of its paraphrase
#: table, function words, punctuation, non-ASCII.
POOLS = {
    "stems": ["the", "cat", "cats", "run", "running", "runs", "jumped", "jumps", "quick", "quickly", "house",
              "houses", "walked", "walking", "happy", "happiness", "on", "a", "of"],
    "synonyms": ["car", "automobile", "big", "large", "buy", "purchase", "fast", "quick", "glad", "happy",
                 "begin", "start", "home", "house", "speak", "talk", "film", "movie", "the", "a", "he"],
    "paraphrases": ["in", "order", "to", "with", "a", "view", "we", "have", "must", "need", "at", "the",
                    "moment", "present", "i", "think", "believe", "in", "fact", "actually", "several",
                    "number", "of", "is", "going", "will", "there", "are"],
    "function": ["the", "of", "and", "a", "to", "in", "is", "that", "it", "for", "dog", "ran", "was"],
    "punctuation": ["hello", ",", "world", "!", "(", "test", ")", "-", "yes", "...", "\"", "it's", "don't",
                    "1,000.50", "3.14", "u.s.", "e-mail", "&", "$"],
    "unicode": ["größe", "café", "naïve", "東京", "über", "école", "ÉCOLE", "straße", "ß", "ﬁ", "the", "cafe"],
    "repeats": ["a", "a", "b", "the", "the", "the", "cat"],
}

#: (hypothesis, references): the quirks, as one corpus
QUIRKS = [
    ("the cat sat on the mat", ["the cat sat on the mat"]),          # identical: 1.0 (no penalty)
    ("on the mat the cat sat", ["the cat sat on the mat"]),          # all matched, 2 chunks: penalised
    ("", ["a dog runs"]),                                            # empty hypothesis: 0
    ("a dog runs", [""]),                                            # empty reference: 0
    ("", [""]),                                                      # both empty
    ("The Cat SAT", ["the cat sat"]),                                # -norm lowercases: identical
    ("x y z", ["a b c"]),                                            # no match
    ("a b c", ["a b", "b c", "a b c"]),                              # best reference (the third)
    ("x y", ["x", "y"]),                                             # a tie: the first reference
    ("the the the the", ["the cat on the mat"]),                     # repeated function word
    ("Hello, world! (test)", ["hello world test"]),                  # punctuation tokens
    ("he bought a large automobile", ["he purchased a big car"]),    # synonyms
    ("the cats were running", ["the cat runs"]),                     # stems
    ("we have to act in order to win", ["we must act with a view to win"]),  # paraphrases
    ("Größe café naïve 東京は大きい", ["größe cafe naïve 東京は 大きい"]),   # non-ASCII
    ("  a\tb  c  ", ["a b c"]),                                      # white space
    ("it costs 1,000.50 dollars.", ["it costs 1,000.50 dollars ."]),  # numbers
    ("x", ["a", "b c"]),                                             # two zero scores: the first reference
    ("c0 dog", ["an dog"]),                                          # "c0" and "an" share a Java hash
    ("of the cat", ["the dog of"]),                                  # function-word matches only
    ("the cats", ["the cat"]),                                       # stem, one chunk: no penalty
    ("on the mat the cat sat", ["the cat sat on the mat"]),          # 2 chunks
]

TED = [
    ("so i want to talk to you today about the future of our cities",
     ["today i would like to speak to you about the future of cities"]),
    ("and the thing is, we have to change the way we think about energy",
     ["the point is that we need to change how we think about energy"]),
    ("this is a picture of my grandmother when she was young",
     ["this is a photo of my grandmother when she was a young woman"]),
    ("thank you very much", ["thank you so much", "thanks a lot"]),
    ("in fact, most of the ocean is still unexplored",
     ["actually most of the oceans remain unexplored"]),
    ("we built a small machine that could walk by itself",
     ["we constructed a little machine which can walk on its own"]),
]


def _noisy(rng: random.Random, base: list, pool: list) -> str:
    out = []
    for word in base:
        roll = rng.random()
        if roll < 0.15:
            continue
        out.append(rng.choice(pool) if roll < 0.35 else word)
        if rng.random() < 0.1:
            out.append(rng.choice(pool))
    if rng.random() < 0.2 and len(out) > 2:
        k = rng.randrange(1, len(out))
        out = out[k:] + out[:k]
    return " ".join(out)


def random_corpus(rng: random.Random, pool: list, size: int) -> tuple:
    hyps, refs = [], []
    for _ in range(size):
        base = [rng.choice(pool) for _ in range(rng.randint(1, 12))]
        hyps.append(_noisy(rng, base, pool))
        refs.append([_noisy(rng, base, pool) for _ in range(rng.choice((1, 1, 2, 3, 4)))])
    return hyps, refs


def corpora() -> list:
    """(id, hyps, refs) of every case."""
    rng = random.Random(SEED)
    out = []
    for name, pool in POOLS.items():
        for k in range(4):
            hyps, refs = random_corpus(rng, pool, 10)
            out.append((f"meteor:random:{name}:{k}", hyps, refs))
    out.append(("meteor:quirks", [h for h, _ in QUIRKS], [r for _, r in QUIRKS]))
    out.append(("meteor:ted", [h for h, _ in TED], [r for _, r in TED]))
    out.append(("meteor:three", ["the cat sat on the mat", "the mat sat on a cat today", "a dog"],
                [["the cat sat on the mat"], ["the cat sat on the mat"], ["a dog"]]))
    return out


def build_cases() -> list:
    """Every case scored by one JVM; each records the jar's sha256. ``jar_stats`` are the
    jar's SCORE answers, ``sentence_stats`` the metric's rows (those and EVAL's chunks)."""
    from . import eval_row

    jar = MeteorJar()
    try:
        cases = []
        for case_id, hyps, refs in corpora():
            answer = oracle_corpus(hyps, refs, jar)
            rows = [eval_row(row) for row in answer["sentence_stats"]]
            family = case_id.rsplit(":", 1)[0] if case_id.startswith("meteor:random") else case_id
            cases.append({"id": f"meteor/{case_id}", "metric": "meteor", "level": "corpus", "family": family,
                          "options": {}, "hyps": hyps, "refs": refs,
                          "oracle": "meteor-1.5.jar of pycocoevalcap 1.2 (-stdio -l en -norm)",
                          "jar_sha256": PINNED_SHA256, "jar_stats": answer["sentence_stats"],
                          "sentence_stats": rows, "corpus_stats": [sum(col) for col in zip(*rows)],
                          "sentence_scores": answer["sentence_scores"], "score": answer["score"]})
        return cases
    finally:
        jar.close()
