"""bleuprint: an executable, auditable reference for text-generation metrics.

``bleuprint.spec`` is the literal specification; ``bleuprint.oracles`` holds the outside
references it is checked against (sacreBLEU 2.5.1 and golden fixtures generated from it).
"""

__version__ = "0.1.0"
