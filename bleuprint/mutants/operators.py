"""Standard mutation operators on Python syntax trees (``ast``), for generated mutants.

Each operator looks at one node and proposes replacements, as ``(operator, node)``
pairs; ``None`` as the node means "drop this statement" (it becomes ``pass``). The
operators are the usual ones of mutation tools (the ideas of mutmut, PIT and Stryker;
this code is bleuprint's own):

* ``comparison``: each comparison operator to its boundary twin and to its negation
  (``<`` -> ``<=``, ``>=``; ``==`` -> ``!=``; ``in`` -> ``not in``; ``is`` -> ``is not``);
* ``arithmetic``: ``+`` <-> ``-``, ``*`` <-> ``/``, ``//`` -> ``/``, ``%`` -> ``//``,
  ``**`` -> ``*``, in expressions and augmented assignments; a unary minus dropped;
* ``constant``: a number n -> n + 1; a string -> ``""`` (an empty one -> ``"XX"``);
* ``boolean``: ``True`` <-> ``False``, ``and`` <-> ``or``, a ``not`` dropped;
* ``dropped call``: a call statement dropped; a call replaced by its first argument
  (``abs(x)`` -> ``x``, ``math.exp(x)`` -> ``x``), a method call by its receiver
  (``line.lower()`` -> ``line``);
* ``argument swap``: two neighbouring positional arguments exchanged (not for ``min``,
  ``max`` and the other symmetric functions, where the swap changes nothing);

and for module-level tables (``table`` operators, applied to the expression assigned to
an upper-case name): an element of a tuple, list or set dropped, two neighbouring
elements of a short tuple or list exchanged (rules applied in order), a dict entry
dropped, a one-character string moved to the next code point (a range's bound), a
character dropped from the string of a ``frozenset``/``set`` call (a character class),
and the number, boolean and string changes above.
"""

from __future__ import annotations

import ast
import copy

COMPARISONS = {
    ast.Lt: (ast.LtE, ast.GtE), ast.LtE: (ast.Lt, ast.Gt), ast.Gt: (ast.GtE, ast.LtE), ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,), ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,), ast.NotIn: (ast.In,),
}
ARITHMETIC = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
}
#: Functions whose positional arguments can be exchanged without changing the result.
SYMMETRIC = frozenset({"min", "max", "zip", "print", "isinstance", "hasattr", "getattr", "setattr"})
#: Largest tuple or list whose neighbouring elements are exchanged (ordered rules, not long
#: lists of ranges, whose order no lookup sees).
MAX_SWAPPED_TABLE = 6


def _numeric(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _constant_replacements(node: ast.Constant):
    value = node.value
    if isinstance(value, bool):
        yield "boolean", ast.Constant(not value)
    elif _numeric(value):
        yield "constant", ast.Constant(value + 1)
    elif isinstance(value, str):
        yield "constant", ast.Constant("" if value else "XX")


def code_replacements(node: ast.AST, modules=frozenset()):
    """Replacements of ``node`` inside a function body (module doc). ``modules``: the names
    that are modules in the function's globals (``math.exp(x)`` is a function call, not a
    method call on ``math``)."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new in COMPARISONS.get(type(op), ()):
                mutated = copy.deepcopy(node)
                mutated.ops[i] = new()
                yield "comparison", mutated
    elif isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        yield "arithmetic", ast.BinOp(copy.deepcopy(node.left), ARITHMETIC[type(node.op)](), copy.deepcopy(node.right))
    elif isinstance(node, ast.AugAssign) and type(node.op) in ARITHMETIC:
        yield "arithmetic", ast.AugAssign(copy.deepcopy(node.target), ARITHMETIC[type(node.op)](),
                                          copy.deepcopy(node.value))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        yield "arithmetic", copy.deepcopy(node.operand)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "boolean", copy.deepcopy(node.operand)
    elif isinstance(node, ast.BoolOp):
        yield "boolean", ast.BoolOp(ast.Or() if isinstance(node.op, ast.And) else ast.And(),
                                    copy.deepcopy(node.values))
    elif isinstance(node, ast.Constant):
        yield from _constant_replacements(node)
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        yield "dropped call", None
    elif isinstance(node, ast.Call):
        func = node.func
        method = isinstance(func, ast.Attribute) and not (isinstance(func.value, ast.Name) and func.value.id in modules)
        positional = bool(node.args) and not any(isinstance(a, ast.Starred) for a in node.args)
        if method:
            yield "dropped call", copy.deepcopy(func.value)
        elif positional:
            yield "dropped call", copy.deepcopy(node.args[0])
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if positional and name not in SYMMETRIC:
            for i in range(len(node.args) - 1):
                if ast.dump(node.args[i]) != ast.dump(node.args[i + 1]):
                    mutated = copy.deepcopy(node)
                    mutated.args[i], mutated.args[i + 1] = mutated.args[i + 1], mutated.args[i]
                    yield "argument swap", mutated


def table_replacements(node: ast.AST):
    """Replacements of ``node`` inside a module-level table's expression (module doc)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) > 1:
        for i in range(len(node.elts)):
            mutated = copy.deepcopy(node)
            del mutated.elts[i]
            yield "table: element dropped", mutated
        if not isinstance(node, ast.Set) and len(node.elts) <= MAX_SWAPPED_TABLE:
            for i in range(len(node.elts) - 1):
                mutated = copy.deepcopy(node)
                mutated.elts[i], mutated.elts[i + 1] = mutated.elts[i + 1], mutated.elts[i]
                yield "table: elements exchanged", mutated
    elif isinstance(node, ast.Dict) and len(node.keys) > 1:
        for i in range(len(node.keys)):
            mutated = copy.deepcopy(node)
            del mutated.keys[i]
            del mutated.values[i]
            yield "table: entry dropped", mutated
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("frozenset", "set") \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        text = node.args[0].value
        for i in range(len(text)):
            mutated = copy.deepcopy(node)
            mutated.args[0] = ast.Constant(text[:i] + text[i + 1:])
            yield "table: character dropped", mutated
    elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) == 1:
        if ord(node.value) < 0x10FFFF:
            yield "table: bound moved", ast.Constant(chr(ord(node.value) + 1))
    elif isinstance(node, ast.Constant):
        for operator, new in _constant_replacements(node):
            yield "table: " + operator, new


def children(node: ast.AST):
    """``(field, index, child)`` for each child node, in a fixed order (index None for a
    single child)."""
    for name, value in ast.iter_fields(node):
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, ast.AST):
                    yield name, i, item
        elif isinstance(value, ast.AST):
            yield name, None, value


def replace_child(parent: ast.AST, name: str, index, new) -> None:
    if index is None:
        setattr(parent, name, new)
    else:
        getattr(parent, name)[index] = new
