"""The indexes of the search for players across tournaments (issue 35), on PostgreSQL only.

A name is found by any part of it (`UPPER(name) LIKE '%CARL%'`): a trigram index (pg_trgm's GIN
operator class) answers that without reading every player. A FIDE ID is found by its first digits
(`fide_id LIKE '1503%'`): a B-tree index in the pattern operator class answers that. The
people are listed in name order, at most 300 entries read (`hub.selectors.MAX_ROWS`): a
B-tree index on the name lets a common word stop there instead of sorting every match. SQLite (the
embedded database of `make run`, a club's few tournaments) reads the table. The index is on the
tournaments app's table but belongs to the search: it lives with it, in this app.
"""

from __future__ import annotations

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

CREATE = (
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS hub_player_name_trigram ON tournaments_player "
    "USING gin (UPPER(name) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS hub_player_fide_id_prefix ON tournaments_player "
    "(fide_id varchar_pattern_ops)",
    "CREATE INDEX IF NOT EXISTS hub_player_name_order ON tournaments_player (name, fide_id)",
)
DROP = (
    "DROP INDEX IF EXISTS hub_player_name_trigram",
    "DROP INDEX IF EXISTS hub_player_fide_id_prefix",
    "DROP INDEX IF EXISTS hub_player_name_order",
)


def _run(statements: tuple[str, ...]):  # the forward and backward operation
    def run(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0023_background_jobs"),
    ]

    operations = [
        migrations.RunPython(_run(CREATE), _run(DROP)),
    ]
