"""The pairing use cases, in two halves that never import each other upwards.

`pairing.services.rounds`: what the arbiter's views call (request, re-pair, edit, publish); it
enqueues the pairing task after commit. `pairing.services.runs`: what the task calls in the
worker (claim the run, run the engine, record the draft or fail the run). The import order is
views → services.rounds → tasks → services.runs → selectors → engine (import-linter checks it).
"""
