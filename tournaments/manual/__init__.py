"""The user manual served inside the application: the Markdown pages of `docs/manual/`, their
table of contents (`docs/manual/index.md`) and the context help of each page (which manual
section explains it)."""
