"""The documentation site's build-time code (``mkdocs.yml`` names ``docsgen/hooks.py``):
the reference pages generated from the registry and the argument parsers. Not part of
the ``bleuprint`` package: nothing it installs imports this."""
