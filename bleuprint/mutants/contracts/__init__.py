"""Contract modules: a course's interface, implemented by calling ``bleuprint.spec``.

Each module here states one course's contract (its functions with the course's names,
signatures, defaults and reference layout) and forwards every call to the specification.
``bleuprint.mutants.contract.installed`` puts such a module under the import path the
students' tests use, so an unchanged student suite runs against the spec; a planted mutant
switched on in the spec is then what the students' tests see, as the course's grader does.
"""
