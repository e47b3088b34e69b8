"""Planted mutants of ``bleuprint.spec``, the switch that activates one in-process, and the
runner that records which test kills which mutant (the kill matrix)."""
