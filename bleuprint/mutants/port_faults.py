"""The catalogue of port faults: what a port of a metric to another language gets wrong
because of that language, not because of the metric.

The planted mutants (``bleuprint.mutants.catalogue``) are faults of the spec's Python; a
port's faults are of another kind: its language's white space, what its strings count
as a character, its lower-casing, its regular expressions' classes, its text input's
line endings and byte-order mark, its float printing, its integer division, its sort,
the order its author wrote replacements in. Each fault here is a ``PortFault``: a
``Mutant`` (switched on by ``bleuprint.mutants.switch.replaced`` like any other) whose
patches make the spec behave as a port in one of ``languages`` does, written with the
primitives of ``bleuprint.mutants.languages``; so that the vectors' and the fuzzer's
detection of it can be measured (``bleuprint vectors stats``), and a port that fails
the vectors flagged with its id probably has it.

``fault_class`` groups them (``CLASSES``). Ids are ``pf01``...; the order is stable, a
new fault takes the next id. These are not planted mutants: the project's own tests are
not required to kill them, the vectors are (``tests/vectors``).
"""

from __future__ import annotations

import html
import math
import unicodedata
from collections import Counter
from dataclasses import dataclass

from . import languages as L
from .model import Mutant, lazy_witness

#: The classes of port faults, in catalogue order: what each is about.
CLASSES = {
    "white-space": "which characters are white space (split, strip, trim)",
    "character": "what a character is: code points, UTF-16 code units, UTF-8 bytes, grapheme clusters",
    "case": "lower-casing: full or simple mappings, ASCII only, case folding (ß, İ, final sigma)",
    "regex-class": "the Unicode or ASCII meaning of a regular expression's classes (\\w, \\b, \\d, \\p{P})",
    "normalization": "Unicode normalisation of the input (NFC, NFKC)",
    "line-ending": "line endings inside a segment (\\r\\n, \\r, U+0085, U+2028, U+2029)",
    "byte-order-mark": "a leading byte-order mark (U+FEFF)",
    "float": "float printing and rounding of the score",
    "integer-division": "integer division where the definition divides numbers",
    "sort-ties": "ties broken another way (an unstable sort, >= for >)",
    "replacement-order": "the order of string replacements (13a's entity unescaping)",
}

BLEU = "bleuprint.metrics.bleu.spec:"
CHRF = "bleuprint.metrics.chrf.spec:"
TER = "bleuprint.metrics.ter.spec:"
WER = "bleuprint.metrics.wer.spec:"
TOK = "bleuprint.spec.tokenizers:"
INPUTS = "bleuprint.spec.inputs:"


@dataclass(frozen=True)
class PortFault(Mutant):
    """A fault a port in one of ``languages`` naturally has (module doc)."""

    languages: tuple = ()
    fault_class: str = ""
    #: For a fault that only changes the score from the statistics: ``decides(document,
    #: test)`` says from a vector's expected values whether it fails under the fault (None:
    #: not decidable, run it), so that measuring the vectors need not run every one of them.
    decides: object = None

    def describe(self) -> dict:
        return {"id": self.id, "class": self.fault_class, "languages": list(self.languages),
                "description": self.fault, "functions": self.function}


def _strings(value, change):
    """``change`` applied to every string of ``value`` (a string, or a list of them); the
    value itself when it is not one (the spec then refuses it as it would)."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [change(v) for v in value]
    return value


# --- white space ---------------------------------------------------------------------------

def _split_with(space: L.WhiteSpace):
    """A function whose first argument is a line and that returns its tokens (or a str, or
    Counters of n-grams), run on the line as ``space`` sees it."""
    def factory(original):
        def split(line, *args, **kwargs):
            return space.unmap(original(space.map(line), *args, **kwargs))
        return split
    return factory


def _char_counts_with(space: L.WhiteSpace):
    def factory(original):
        def char_ngram_counts(line, n, whitespace=False):
            if whitespace or not isinstance(line, str):
                return original(line, n, whitespace)
            return Counter(space.unmap(dict(original(space.map(line), n, False))))
        return char_ngram_counts
    return factory


def _strip_match_with(space: L.WhiteSpace):
    def factory(original):
        def is_exact_match(hyp, refs):
            return any(space.strip(hyp) == space.strip(ref) for ref in refs)
        return is_exact_match
    return factory


def _texygen_split_with(space: L.WhiteSpace):
    def factory(original):
        def tokens(line, variant):
            words = original(line, variant)
            return space.split(line) if variant == "texygen" and isinstance(line, str) else words
        return tokens
    return factory


def _squad_tokens_with(space: L.WhiteSpace):
    def factory(original):
        from ..metrics.squad import spec as S

        return lambda text: space.split(S.normalize_answer(text))
    return factory


def white_space_patches(space: L.WhiteSpace) -> dict:
    """Every white-space split and strip of the text metrics' spec, as ``space`` sees it."""
    split = _split_with(space)
    return {
        BLEU + "bleu_tokens": split,
        CHRF + "char_ngram_counts": _char_counts_with(space),
        CHRF + "chrf_words": split,
        TER + "ter_words": split,
        WER + "words": split,
        "bleuprint.metrics.cider.spec:words": split,
        "bleuprint.metrics.coco_bleu.spec:words": split,
        "bleuprint.metrics.distinct.spec:tokens": split,
        "bleuprint.metrics.meteor_nltk.spec:tokens": split,
        "bleuprint.metrics.self_bleu.spec:tokens": _texygen_split_with(space),
        "bleuprint.metrics.squad.spec:fix_white_space": lambda original: lambda text: " ".join(space.split(text)),
        "bleuprint.metrics.squad.spec:answer_tokens": _squad_tokens_with(space),
        "bleuprint.metrics.exact_match.spec:is_exact_match": _strip_match_with(space),
    }


WHITE_SPACE_FUNCTIONS = ("BLEU's, TER's, WER's, CIDEr's, COCO BLEU's, distinct-n's, nltk METEOR's, self-BLEU's "
                         "and SQuAD's white-space split, chrF's white-space removal and chrF++'s words, "
                         "exact match's strip")


# --- what a character is ----------------------------------------------------------------------

def _char_counts_of(units):
    def factory(original):
        def char_ngram_counts(line, n, whitespace=False):
            if not isinstance(line, str):
                return original(line, n, whitespace)
            if not whitespace:
                line = "".join(line.split())
            parts = units(line)
            return Counter(tuple(parts[i:i + n]) for i in range(len(parts) - n + 1))
        return char_ngram_counts
    return factory


def _char_tokens_of(units):
    def factory(original):
        def tokenize_char(line):
            original(line)  # its checks
            return " ".join(units(line))
        return tokenize_char
    return factory


def _cer_units_of(units):
    def factory(original):
        def characters(text):
            return units(text.strip()) if isinstance(text, str) else original(text)
        return characters
    return factory


def character_patches(units) -> dict:
    return {CHRF + "char_ngram_counts": _char_counts_of(units), TOK + "tokenize_char": _char_tokens_of(units),
            WER + "characters": _cer_units_of(units)}


CHARACTER_FUNCTIONS = "chrF's character n-grams, BLEU's char tokenizer, CER's characters"


# --- lower-casing --------------------------------------------------------------------------------

def case_patches(lower) -> dict:
    """Every lower-casing of the text metrics' spec done by ``lower``."""
    def bleu_tokens(original):
        def tokens(line, tokenize="13a", lowercase=False):
            if lowercase and isinstance(line, str):
                return original(lower(line), tokenize, False)
            return original(line, tokenize, lowercase)
        return tokens

    def chrf_stats(original):
        def stats(hyp, refs, n=6, beta=2, *, word_order=0, lowercase=False, whitespace=False, eps_smoothing=False):
            if lowercase:
                hyp, refs = _strings(hyp, lower), _strings(refs, lower)
            return original(hyp, refs, n, beta, word_order=word_order, lowercase=False, whitespace=whitespace,
                            eps_smoothing=eps_smoothing)
        return stats

    def ter_words(original):
        def words(line, *, normalized=False, no_punct=False, asian_support=False, case_sensitive=False):
            if not case_sensitive:
                line = _strings(line, lower)
            return original(line, normalized=normalized, no_punct=no_punct, asian_support=asian_support,
                            case_sensitive=True)
        return words

    def rouge_tokenize(original):
        from ..metrics.rouge import spec as R

        def tokenize(text, use_stemmer=False):
            if not isinstance(text, str):
                return original(text, use_stemmer)
            tokens, current = [], []
            for ch in lower(text) + " ":
                if ch in R.ASCII_ALNUM:
                    current.append(ch)
                elif current:
                    tokens.append("".join(current))
                    current = []
            return R.stem_tokens(tokens) if use_stemmer else tokens
        return tokenize

    return {
        BLEU + "bleu_tokens": bleu_tokens,
        CHRF + "chrf_stats": chrf_stats,
        TER + "ter_words": ter_words,
        "bleuprint.metrics.rouge.spec:tokenize": rouge_tokenize,
        "bleuprint.metrics.meteor_nltk.spec:tokens": lambda original: lambda text: [lower(w) for w in text.split()],
        "bleuprint.metrics.squad.spec:lower": lambda original: lambda text: lower(text),
    }


CASE_FUNCTIONS = ("BLEU's and chrF's lowercase option, TER's case-insensitive default, ROUGE's, nltk METEOR's "
                  "and SQuAD's lower-casing")


# --- regular expression classes ------------------------------------------------------------------

def ascii_word_boundaries(original):
    """SQuAD's article rule with ASCII ``\\b`` (JavaScript without the u flag, Go's RE2):
    an article after or before a non-ASCII letter is a whole word."""
    import re

    pattern = re.compile(r"\b(a|an|the)\b", re.ASCII)
    return lambda text: pattern.sub(" ", text)


def unicode_digits_in_mteval(original):
    """13a's and zh's rules R2-R4 with ``\\d`` (Unicode digits: .NET, Python's re) where
    mteval has ``[0-9]``."""
    import re

    from ..spec import tokenizers as T

    rules = [(re.compile(p.pattern.replace("0-9", "\\d")), r) for p, r in T.mteval_rules()]

    def apply_mteval_rules(line):
        for pattern, replacement in rules:
            line = pattern.sub(replacement, line)
        return T.collapse_white_space(line)
    return apply_mteval_rules


def ascii_intl_classes(original):
    """The intl tokenizer with \\p{P}, \\p{S} and \\p{N} cut to ASCII (a JavaScript port
    without the u flag, which has no \\p{...}): ASCII punctuation, ASCII symbols, 0-9."""
    import re

    from ..spec import tokenizers as T

    punct = "".join(re.escape(chr(c)) for c in range(33, 127) if unicodedata.category(chr(c)).startswith("P"))
    symbols = "".join(re.escape(chr(c)) for c in range(33, 127) if unicodedata.category(chr(c)).startswith("S"))
    rules = ((re.compile(f"([^0-9])([{punct}])"), r"\1 \2 "), (re.compile(f"([{punct}])([^0-9])"), r" \1 \2"),
             (re.compile(f"([{symbols}])"), r" \1 "))

    def tokenize_intl(line):
        original(line)  # its checks
        for pattern, replacement in rules:
            line = pattern.sub(replacement, line)
        return T.collapse_white_space(line)
    return tokenize_intl


def unicode_punctuation_words(original):
    """chrF++'s words splitting off any Unicode punctuation (Go's ``unicode.IsPunct``,
    JavaScript's ``/\\p{P}/u``) where the definition has ASCII's ``string.punctuation``."""
    def chrf_words(line):
        words = []
        for token in line.split():
            if len(token) == 1:
                words.append(token)
            elif L.is_unicode_punctuation(token[-1]):
                words += [token[:-1], token[-1]]
            elif L.is_unicode_punctuation(token[0]):
                words += [token[0], token[1:]]
            else:
                words.append(token)
        return words
    return chrf_words


# --- the input: normalisation, line endings, byte-order mark ---------------------------------

def input_patches(change) -> dict:
    """Every segment (hypotheses and references, as the corpus checks return them) passed
    through ``change`` before any metric sees it: a port that reads its text so."""
    return {
        INPUTS + "check_hypotheses": lambda original: lambda hyps: _strings(original(hyps), change),
        INPUTS + "check_references": lambda original: lambda refs, what="refs": _strings(original(refs, what), change),
    }


def universal_newlines(text: str) -> str:
    """``\\r\\n``, ``\\r``, U+0085, U+2028 and U+2029 read as ``\\n`` (Python's text mode and
    ``splitlines``, .NET's and Java's ``readLine``)."""
    return (text.replace("\r\n", "\n").replace("\r", "\n").replace("\x85", "\n").replace("\u2028", "\n")
            .replace("\u2029", "\n"))


def without_bom(text: str) -> str:
    """A leading U+FEFF dropped (.NET's ``StreamReader``, Python's ``utf-8-sig``)."""
    return text[1:] if text.startswith("\ufeff") else text


INPUT_FUNCTIONS = "every segment of every metric that checks its corpus with spec.inputs (all the text metrics but SQuAD)"


# --- numbers ---------------------------------------------------------------------------------------

def printed_with(convert):
    def factory(original):
        def score_from_stats(metric, summed, n_sentences):
            return convert(original(metric, summed, n_sentences))
        return score_from_stats
    return factory


def decided_by_score(convert):
    """``decides`` of a fault that prints the score through ``convert``: a valid test of a
    metric's vector file fails under it exactly when ``convert`` moves its expected score
    by more than the file's tolerance (the statistics come before the score and are the
    spec's; every score the file checks is the spec's corpus score, which the fault
    converts). An invalid test is refused before any score (it passes); another file's
    test is left to run."""
    def decides(document, test):
        from ..vectors.build import FILE_SCHEMAS

        if document.get("schema") not in FILE_SCHEMAS:
            return None
        if test.get("result") != "valid":
            return False
        score = test["expected"]["score"]
        return not abs(convert(score) - score) <= document["scoreTolerance"]
    return decides


def six_significant_digits(x: float) -> float:
    """C's ``printf("%g")`` and C++'s ``std::cout`` default: 6 significant digits."""
    return float(f"{x:.6g}")


def as_float32(x: float) -> float:
    """The score kept in a 32-bit float (C/C++ ``float``, C#'s ``float``, a float32 array):
    beyond float32's range, infinity, as in those languages (without numpy's warning,
    which ``vectors export`` printed for every such vector)."""
    import numpy as np

    with np.errstate(over="ignore"):
        return float(np.float32(x))


def integer_brevity_penalty(original):
    """BLEU's ``exp(1 - r / c)`` with ``r / c`` between integers (C, Java, Go, Rust)."""
    def brevity_penalty(sys_len, ref_len):
        if sys_len >= ref_len:
            return 1.0
        if sys_len == 0:
            return 0.0
        return math.exp(1 - ref_len // sys_len)
    return brevity_penalty


def integer_chrf_ratios(original):
    """chrF's per-order precision m / h and recall m / r between integers (0 unless every
    n-gram matches)."""
    def chrf_from_stats(stats, n=6, beta=2, *, word_order=0, eps_smoothing=False):
        return _chrf_integer(stats, n, beta, word_order, eps_smoothing)
    return chrf_from_stats


def _chrf_integer(stats, n, beta, word_order, eps_smoothing):
    from ..metrics.chrf import spec as C

    stats = C.check_chrf_stats(stats, n, beta, word_order)
    orders, factor = n + word_order, beta ** 2
    f_sum, sum_p, sum_r, effective = 0.0, 0.0, 0.0, 0
    for i in range(orders):
        h, r, m = stats[3 * i:3 * i + 3]
        precision = m // h if h > 0 else C.EPS
        recall = m // r if r > 0 else C.EPS
        denominator = factor * precision + recall
        f_sum += (1 + factor) * precision * recall / denominator if denominator > 0 else C.EPS
        if h > 0 and r > 0:
            sum_p, sum_r, effective = sum_p + precision, sum_r + recall, effective + 1
    if eps_smoothing:
        return 100 * f_sum / orders
    avg_p = sum_p / effective if effective else 0.0
    avg_r = sum_r / effective if effective else 0.0
    if avg_p + avg_r == 0:
        return 0.0
    return 100 * (1 + factor) * avg_p * avg_r / (factor * avg_p + avg_r)


# --- ties ------------------------------------------------------------------------------------------

def longer_on_tie(original):
    """BLEU's closest reference length by an unstable sort on the distance (Go's
    ``sort.Slice``, C's ``qsort``, Rust's ``sort_unstable_by_key``): here the longer."""
    def closest_ref_length(hyp_len, ref_lens):
        return min(ref_lens, key=lambda length: (abs(hyp_len - length), -length))
    return closest_ref_length


def last_best_reference(original):
    """chrF's best reference taken with ``>=`` (or an unstable sort): the last of the
    equally good ones."""
    def chrf_stats(hyp, refs, n=6, beta=2, *, word_order=0, lowercase=False, whitespace=False, eps_smoothing=False):
        if isinstance(refs, list):
            refs = refs[::-1]
        return original(hyp, refs, n, beta, word_order=word_order, lowercase=lowercase, whitespace=whitespace,
                        eps_smoothing=eps_smoothing)
    return chrf_stats


# --- replacements ----------------------------------------------------------------------------------

def _13a_with(unescape):
    def factory(original):
        from ..spec import tokenizers as T

        def tokenize_13a(line):
            original(line)  # its checks
            line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
            if "&" in line:
                line = unescape(line)
            return T.apply_mteval_rules(" " + line + " ")
        return tokenize_13a
    return factory


def amp_first(line: str) -> str:
    return line.replace("&amp;", "&").replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")


def _witness(module, call):
    return lazy_witness(module, call)


SPEC = "bleuprint.spec"


def _fault(pf_id, fault_class, languages, fault, function, patches, witness, decides=None) -> PortFault:
    return PortFault(pf_id, function, fault, f"port fault: {CLASSES[fault_class]}",
                     f"the vectors flagged {pf_id}", patches, witness, languages=tuple(languages),
                     fault_class=fault_class, decides=decides)


def _catalogue() -> list[PortFault]:
    chrf = lambda hyp, ref, **o: _witness(SPEC, lambda s: s.chrf_stats(hyp, [ref], **o))  # noqa: E731
    chrf_corpus = lambda hyp, ref: _witness(SPEC, lambda s: s.chrf([hyp], [[ref]]))  # noqa: E731
    bleu = lambda hyp, ref, **o: _witness(SPEC, lambda s: s.bleu_stats(hyp, [ref], **o))  # noqa: E731
    return [
        _fault("pf01", "white-space", ("Go", "Rust", "C#"),
               "white space is Unicode's White_Space (Go unicode.IsSpace, Rust char::is_whitespace): "
               "U+001C-U+001F are not white space", WHITE_SPACE_FUNCTIONS, white_space_patches(L.GO_RUST_SPACE),
               bleu("a\x1cb c", "a\x1cb c")),
        _fault("pf02", "white-space", ("JavaScript", "TypeScript"),
               "white space is JavaScript's \\s and trim(): U+FEFF is, U+001C-U+001F and U+0085 are not",
               WHITE_SPACE_FUNCTIONS, white_space_patches(L.JAVASCRIPT_SPACE), bleu("a\ufeffb", "a b")),
        _fault("pf03", "white-space", ("C", "C++", "Java", "Go regexp", "POSIX shell"),
               "white space is ASCII's only (space, \\t \\n \\v \\f \\r): no-break, ideographic and other "
               "Unicode spaces join words", WHITE_SPACE_FUNCTIONS, white_space_patches(L.C_SPACE),
               bleu("a\u3000b", "a b")),
        _fault("pf04", "character", ("JavaScript", "Java", "C#", "Dart", "Kotlin"),
               "a character is a UTF-16 code unit: an astral character (emoji, rare CJK) counts as two, "
               "its surrogates separately", CHARACTER_FUNCTIONS, character_patches(L.utf16_units),
               chrf("\U0001f600a", "\U0001f600b")),
        _fault("pf05", "character", ("C", "C++", "Go", "Rust", "PHP"),
               "a character is a UTF-8 byte: every non-ASCII character counts as 2-4", CHARACTER_FUNCTIONS,
               character_patches(L.utf8_bytes), chrf("é", "e")),
        _fault("pf06", "character", ("Swift", "Elixir", "Raku"),
               "a character is an extended grapheme cluster: a letter and its combining marks (and an emoji "
               "sequence) count as one", CHARACTER_FUNCTIONS, character_patches(L.grapheme_clusters),
               chrf("e\u0301a", "e\u0301b")),
        _fault("pf07", "case", ("Go", "C#", "Java (per char)"),
               "lower-casing by each code point's simple mapping: İ becomes i (not i + U+0307), a final Σ "
               "becomes σ (not ς)", CASE_FUNCTIONS, case_patches(L.simple_lower),
               chrf("ΟΔΟΣ", "οδος", lowercase=True)),
        _fault("pf08", "case", ("C", "Lua", "awk", "shell tr"),
               "lower-casing of A-Z only: É, Ü, Σ keep their case", CASE_FUNCTIONS, case_patches(L.ascii_lower),
               chrf("ÉTÉ", "été", lowercase=True)),
        _fault("pf09", "case", ("Python casefold", "ICU", "Rust unicase", "Swift"),
               "case folding for lower-casing: ß becomes ss, ς becomes σ", CASE_FUNCTIONS,
               case_patches(L.case_fold), chrf("Straße", "strasse", lowercase=True)),
        _fault("pf10", "regex-class", ("JavaScript", "Go", "Rust regex::bytes"),
               "SQuAD's article rule with ASCII \\b: 'a' beside a non-ASCII letter is a word",
               "SQuAD's remove_articles",
               {"bleuprint.metrics.squad.spec:remove_articles": ascii_word_boundaries},
               _witness("bleuprint.metrics.squad.spec", lambda S: S.normalize_answer("éa b"))),
        _fault("pf11", "regex-class", ("C#", ".NET", "Python re"),
               "13a's and zh's digit rules with \\d (Unicode digits) for [0-9]: 3.14 in Arabic-Indic digits "
               "stays whole", "spec.tokenizers.apply_mteval_rules",
               {TOK + "apply_mteval_rules": unicode_digits_in_mteval},
               _witness(SPEC, lambda s: s.tokenize_13a("\u0663.\u0661\u0664"))),
        _fault("pf12", "regex-class", ("JavaScript without the u flag", "C", "Lua"),
               "the intl tokenizer's \\p{P}, \\p{S}, \\p{N} cut to ASCII: non-ASCII punctuation and symbols "
               "(« », €, ©) stay attached", "spec.tokenizers.tokenize_intl",
               {TOK + "tokenize_intl": ascii_intl_classes},
               _witness(SPEC, lambda s: s.tokenize_intl("«a» 5€"))),
        _fault("pf13", "regex-class", ("Go", "JavaScript", "Rust"),
               "chrF++ splits any Unicode punctuation (\\p{P}) off a word, not only ASCII's",
               "chrF's chrf_words", {CHRF + "chrf_words": unicode_punctuation_words},
               chrf("«a»", "«a»", word_order=2)),
        _fault("pf14", "normalization", ("Swift", "any port calling normalize('NFC')"),
               "the text is normalised to NFC: a letter and its combining accent become one character",
               INPUT_FUNCTIONS, input_patches(lambda t: unicodedata.normalize("NFC", t)),
               chrf_corpus("e\u0301", "\u00e9")),
        _fault("pf15", "normalization", ("Elasticsearch", "ICU analyzers", "any port calling normalize('NFKC')"),
               "the text is normalised to NFKC: full-width letters, ligatures and superscripts become ASCII",
               INPUT_FUNCTIONS, input_patches(lambda t: unicodedata.normalize("NFKC", t)),
               chrf_corpus("\uff21\ufb01", "Afi")),
        _fault("pf16", "line-ending", ("C#", "Java", "Python text mode"),
               "line endings inside a segment read as \\n (\\r\\n, \\r, U+0085, U+2028, U+2029), so 13a joins "
               "'-' + line end and chrF counts another character", INPUT_FUNCTIONS,
               input_patches(universal_newlines),
               _witness(SPEC, lambda s: s.sentence_stats("bleu", ["a-\r\nb"], [["ab"]]).tolist())),
        _fault("pf17", "byte-order-mark", ("C#", "PowerShell", "Python utf-8-sig"),
               "a leading byte-order mark (U+FEFF) dropped from a segment", INPUT_FUNCTIONS,
               input_patches(without_bom), chrf_corpus("\ufeffab", "ab")),
        _fault("pf18", "float", ("C", "C++"),
               "the score printed with 6 significant digits (printf %g, std::cout)",
               "spec.corpus.score_from_stats", {"bleuprint.spec.corpus:score_from_stats": printed_with(
                   six_significant_digits)},
               _witness(SPEC, lambda s: s.corpus_score("chrf", ["abc"], [["abd"]])),
               decided_by_score(six_significant_digits)),
        _fault("pf19", "float", ("C", "C++", "C#", "CUDA", "numpy float32"),
               "the score kept in a 32-bit float", "spec.corpus.score_from_stats",
               {"bleuprint.spec.corpus:score_from_stats": printed_with(as_float32)},
               _witness(SPEC, lambda s: s.corpus_score("chrf", ["abc"], [["abd"]])),
               decided_by_score(as_float32)),
        _fault("pf20", "integer-division", ("C", "C++", "Java", "Go", "Rust"),
               "BLEU's brevity penalty exp(1 - r/c) with r/c an integer division",
               "BLEU's brevity_penalty", {BLEU + "brevity_penalty": integer_brevity_penalty},
               _witness(SPEC, lambda s: s.corpus_bleu(["a b c d e f"], [["a b c d e f g h i"]]))),
        _fault("pf21", "integer-division", ("C", "C++", "Java", "Go", "Rust"),
               "chrF's precision m/h and recall m/r as integer divisions", "chrF's chrf_from_stats",
               {CHRF + "chrf_from_stats": integer_chrf_ratios},
               _witness(SPEC, lambda s: s.chrf(["abc"], [["abd"]]))),
        _fault("pf22", "sort-ties", ("Go", "C", "Rust"),
               "BLEU's closest reference length by an unstable sort: the longer of two equally close",
               "BLEU's closest_ref_length", {BLEU + "closest_ref_length": longer_on_tie},
               _witness(SPEC, lambda s: s.bleu_stats("a b c d", ["a b c e e", "a b c"]))),
        _fault("pf23", "sort-ties", ("Go", "C", "Rust", "JavaScript"),
               "chrF's best reference among equally good ones: the last (>= or an unstable sort), not the first",
               "chrF's chrf_stats", {CHRF + "chrf_stats": last_best_reference},
               _witness(SPEC, lambda s: s.chrf_stats("ab", ["c", "cc"]))),
        _fault("pf24", "replacement-order", ("JavaScript", "any"),
               "13a unescapes &amp; before &quot;, &lt; and &gt;: &amp;quot; becomes \" (not &quot;)",
               "spec.tokenizers.tokenize_13a", {TOK + "tokenize_13a": _13a_with(amp_first)},
               _witness(SPEC, lambda s: s.tokenize_13a("&amp;quot;"))),
        _fault("pf25", "replacement-order", ("Python html", "Go html", "JavaScript he"),
               "13a unescapes with an HTML library: every entity (&apos; &nbsp; &#39;) in one pass, so "
               "&amp;lt; stays &lt;", "spec.tokenizers.tokenize_13a", {TOK + "tokenize_13a": _13a_with(html.unescape)},
               _witness(SPEC, lambda s: s.tokenize_13a("&amp;lt; &#39;"))),
    ]


_CACHE: list = []


def all_port_faults() -> list[PortFault]:
    """Every catalogued port fault, in id order."""
    if not _CACHE:
        faults = _catalogue()
        ids = [f.id for f in faults]
        if len(set(ids)) != len(ids) or any(f.fault_class not in CLASSES for f in faults):
            raise RuntimeError("port fault catalogue: repeated ids or an unknown class")
        _CACHE.extend(faults)
    return list(_CACHE)


def get_port_fault(fault_id: str) -> PortFault:
    for fault in all_port_faults():
        if fault.id == fault_id:
            return fault
    raise ValueError(f"unknown port fault {fault_id!r}")
