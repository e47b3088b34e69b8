"""A metric's one-call functions (``corpus_bleu``, ``sentence_bleu``, ``chrf``, ``ter``, ...),
written once and made for both layers from the registered definition. This is the model's
(``bleuprint.core``, beside ``lazy``, which exports them): it makes functions of both
layers, and the spec never reaches into impl.

A metric declares them in its folder's ``api.py`` (``ONE_CALL``: one ``OneCall`` or a
tuple of them): the name of its corpus function and of its sentence function, how many of
its options come positionally after ``hyps, refs`` (the rest are keyword-only) and their
docstrings. Its ``spec`` and ``impl`` modules each bind ``__getattr__ =
one_call_functions(__name__)`` (PEP 562); the first look-up of a name makes the function for
that layer:

* the corpus function ``f(hyps, refs, <options>)`` is the layer's ``corpus_score`` of the
  metric with those options: the score of the summed statistics rows (``bleuprint.spec.corpus``;
  ``bleuprint.impl.corpus``, the same definition on the fast rows);
* the sentence function ``f(hyp, refs, <options>)`` is the corpus function of the
  one-segment corpus ``[hyp]``, ``[refs]`` (``hyp`` checked as a string and ``refs`` as
  its list of references first, so an error names them), whose defaults are the metric's
  ``sentence_default`` over its own (BLEU's effective order);
* in ``bleuprint.impl`` only, the statistics function ``f(hyp, refs, <statistics
  options>)``: one segment's row of the fast ``sentence_stats``, as Python numbers (ints,
  floats in the metric's ``fractional_columns``). The spec's statistics function is the
  metric's definition, written out in its ``spec.py``; impl's takes its name and its
  parameters (the options the statistics read).

The parameters are the metric's ``Option`` names and defaults, in their order. Each
function is compiled from its ``def`` (not a wrapper of ``*args``), so its signature,
defaults and docstring are what ``help()``, ``inspect`` and the docs generator show, a
wrong argument is Python's own TypeError, and a planted mutant can switch it like any
function of the spec.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from .options import option_defaults, sentence_defaults

#: What each layer's functions say after the docstring they share.
LAYER_NOTE = {
    "spec": "",
    "impl": "\n\n(``bleuprint.impl``: the same definition on the fast implementation's rows; equal to "
            "``bleuprint.spec``'s, statistics exactly and scores within 1e-9.)",
}


@dataclass(frozen=True)
class OneCall:
    """The one-call functions of the registered metric ``metric`` (module doc)."""

    metric: str
    corpus: str
    sentence: str = ""
    #: How many of the metric's options (in their order) come positionally after the
    #: corpus; the others are keyword-only.
    positional: int = 0
    #: The spec's statistics function of one segment, whose fast twin is made for impl.
    stats: str = ""
    corpus_doc: str = ""
    sentence_doc: str = ""
    stats_doc: str = ""
    #: Where the declaration is written (file, line): the functions' code says so, so that
    #: ``inspect`` and the mutants' reports point there.
    written_at: tuple = field(default=("", 1), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.written_at[0]:
            caller = sys._getframe(2)
            object.__setattr__(self, "written_at", (caller.f_code.co_filename, caller.f_lineno))

    def names(self, layer: str) -> tuple[str, ...]:
        """The names made for ``layer``."""
        return tuple(name for name in (self.corpus, self.sentence, self.stats if layer == "impl" else "") if name)


def _declared(package: str) -> tuple:
    """The ``OneCall`` declarations of a metric folder's ``api.py`` (none without one)."""
    try:
        module = importlib.import_module(f"{package}.api")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.api":
            raise
        return ()
    declared = getattr(module, "ONE_CALL", ())
    return declared if isinstance(declared, tuple) else (declared,)


def _parameters(first: tuple, names: list, positional: int) -> str:
    parameters = list(first)
    for i, name in enumerate(names):
        if i == positional:
            parameters.append("*")
        parameters.append(f"{name}=_defaults[{name!r}]")
    return ", ".join(parameters)


def _arguments(names: list) -> str:
    return ", ".join(f"{name}={name}" for name in names)


def _parameter_names(function) -> list[str]:
    """The parameter names of a function made here."""
    code = function.__code__
    return list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])


def _annotations(definition, names: list, kind: str) -> dict:
    """The annotations of a one-call function, as strings (postponed, like the spec's)."""
    found = {"hyps": "list[str]", "refs": "list[list[str]]"} if kind == "corpus" else \
        {"hyp": "str", "refs": "list[str]"}
    for option in definition.options:
        if option.name in names:
            found[option.name] = option.kind.__name__ + (" | None" if option.nullable else "")
    row = "list[int]" if not definition.fractional_columns else "list"
    return {**found, "return": row if kind == "stats" else "float"}


def make(declaration: OneCall, layer: str, module_name: str) -> dict:
    """``{name: function}``: the corpus and sentence functions of ``declaration`` for
    ``layer`` ("spec" or "impl"), defined as functions of the module ``module_name``."""
    from ..spec.inputs import check_references, check_text
    from .registry import get_metric

    definition = get_metric(declaration.metric)
    wanted = declaration.names(layer)
    names = [option.name for option in definition.options]
    corpus_module = importlib.import_module(f"bleuprint.{layer}.corpus")
    made: dict = {}
    namespace = {"__name__": module_name, "_definition": definition, "_layer": corpus_module,
                 "check_text": check_text, "check_references": check_references,
                 "_corpus": lambda: getattr(sys.modules[module_name], declaration.corpus)}
    options = ", ".join(f"{name!r}: {name}" for name in names)
    source = [f"def {declaration.corpus}({_parameters(('hyps', 'refs'), names, declaration.positional)}):",
              f"    return _layer.corpus_score(_definition(**{{{options}}}), hyps, refs)"]
    defaults = {"corpus": option_defaults(definition), "sentence": {**option_defaults(definition), **sentence_defaults(definition)},
                "stats": option_defaults(definition)}
    if declaration.sentence:
        source += [f"def {declaration.sentence}({_parameters(('hyp', 'refs'), names, declaration.positional)}):",
                   "    check_text(hyp, 'hyp')",
                   f"    return _corpus()([hyp], [check_references(refs)], {_arguments(names)})"]
    if declaration.stats and declaration.stats in wanted:
        read = [option.name for option in definition.options if option.used_by_stats]
        positional = sum(name in read for name in names[:declaration.positional])
        given = ", ".join(f"{name!r}: {name}" for name in read)
        namespace["_fractional"] = frozenset(definition.fractional_columns)
        source += [f"def {declaration.stats}({_parameters(('hyp', 'refs'), read, positional)}):",
                   "    check_text(hyp, 'hyp')",
                   "    refs = check_references(refs)",
                   f"    row = _layer.sentence_stats(_definition(**{{{given}}}), [hyp], [refs])[0]",
                   "    return [float(x) if i in _fractional else int(x) for i, x in enumerate(row)]"]
    for kind, name, doc in (("corpus", declaration.corpus, declaration.corpus_doc),
                            ("sentence", declaration.sentence, declaration.sentence_doc),
                            ("stats", declaration.stats, declaration.stats_doc)):
        if not name or name not in wanted:
            continue
        start = next(i for i, line in enumerate(source) if line.startswith(f"def {name}("))
        end = next((i for i in range(start + 1, len(source)) if source[i].startswith("def ")), len(source))
        scope = dict(namespace, _defaults=defaults[kind])
        path, line = declaration.written_at
        exec(compile("\n" * (line - 1) + "\n".join(source[start:end]), path, "exec"), scope)
        function = scope[name]
        function.__doc__ = doc + LAYER_NOTE[layer]
        function.__annotations__ = _annotations(definition, list(_parameter_names(function)), kind)
        made[name] = function
    return made


def one_call_functions(module_name: str):
    """The module ``__getattr__`` of a metric's ``spec`` or ``impl`` module (module doc):
    a name of its folder's ``OneCall`` declarations is made on first use and kept in the
    module; any other name is an AttributeError, as for any module."""
    package, _, layer = module_name.rpartition(".")

    def __getattr__(name: str):
        for declaration in _declared(package):
            if name in declaration.names(layer):
                module = sys.modules[module_name]
                made = make(declaration, layer, module_name)
                for made_name, function in made.items():
                    vars(module).setdefault(made_name, function)
                return vars(module)[name]
        raise AttributeError(f"module {module_name!r} has no attribute {name!r}")

    return __getattr__
