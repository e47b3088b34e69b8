"""The built-in metrics, each defined once in its own module and registered in
``bleuprint.core`` (the registry imports this package on its first look-up).

Registration order is the order in which the metrics are listed everywhere."""

from . import exact_match, bleu, chrf, ter  # noqa: F401  (isort: skip; the order is the listing order)
