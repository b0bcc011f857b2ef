"""The hall (issue 34): the whole application served from the arbiter's laptop by one command,
`swiss-arbiter hall` (`make run`): the data folder, the production server, the pairing worker in
the same process and the database snapshots. docs/manual/running-the-hall.md is its manual."""

from __future__ import annotations
