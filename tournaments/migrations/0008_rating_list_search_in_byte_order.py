"""Rating-list search in byte order: on PostgreSQL the searched columns get the "C" collation,
so that one plain B-tree index serves both `LIKE 'X%'` and `ORDER BY ... LIMIT 10` (the
pattern-operator indexes of 0006 served the LIKE only, and a two-letter search sorted tens of
thousands of rows). SQLite compares bytes already: nothing to do there."""

from __future__ import annotations

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

_COLUMNS = (("fide_id", 11), ("search_name", 100))


def _collate(collation: str):  # the forward and backward operation
    def run(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for column, length in _COLUMNS:
            schema_editor.execute(
                f"ALTER TABLE tournaments_ratedplayer ALTER COLUMN {column} "
                f'TYPE varchar({length}) COLLATE "{collation}"'
            )

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_adjourned_result"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="ratedplayer", name="rated_player_fide_id_prefix"),
        migrations.RemoveIndex(model_name="ratedplayer", name="rated_player_name_prefix"),
        migrations.RunPython(_collate("C"), _collate("default")),
        migrations.AddIndex(
            model_name="ratedplayer",
            index=models.Index(
                fields=["rating_list", "fide_id"], name="rated_player_fide_id_order"
            ),
        ),
        migrations.AddIndex(
            model_name="ratedplayer",
            index=models.Index(
                fields=["rating_list", "search_name"], name="rated_player_name_order"
            ),
        ),
    ]
