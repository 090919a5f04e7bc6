"""One appearance per player per round, kept by the database itself.

The unique constraints of 0001 stop a player being White twice (or Black twice) in a round; these
triggers also stop a player being White on one board and Black on another, or having a game and a
bye in the same round. SQLite and PostgreSQL each get their own dialect.
"""

from django.db import migrations

SQLITE = [
    """
    CREATE TRIGGER game_one_appearance_insert BEFORE INSERT ON arbiter_game
    WHEN EXISTS (SELECT 1 FROM arbiter_game g WHERE g.round_id = NEW.round_id
                 AND (g.white_id IN (NEW.white_id, NEW.black_id)
                      OR g.black_id IN (NEW.white_id, NEW.black_id)))
      OR EXISTS (SELECT 1 FROM arbiter_bye b WHERE b.round_id = NEW.round_id
                 AND b.entry_id IN (NEW.white_id, NEW.black_id))
    BEGIN SELECT RAISE(ABORT, 'a player appears twice in one round'); END
    """,
    """
    CREATE TRIGGER game_one_appearance_update BEFORE UPDATE ON arbiter_game
    WHEN EXISTS (SELECT 1 FROM arbiter_game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
                 AND (g.white_id IN (NEW.white_id, NEW.black_id)
                      OR g.black_id IN (NEW.white_id, NEW.black_id)))
      OR EXISTS (SELECT 1 FROM arbiter_bye b WHERE b.round_id = NEW.round_id
                 AND b.entry_id IN (NEW.white_id, NEW.black_id))
    BEGIN SELECT RAISE(ABORT, 'a player appears twice in one round'); END
    """,
    """
    CREATE TRIGGER bye_one_appearance_insert BEFORE INSERT ON arbiter_bye
    WHEN EXISTS (SELECT 1 FROM arbiter_game g WHERE g.round_id = NEW.round_id
                 AND NEW.entry_id IN (g.white_id, g.black_id))
    BEGIN SELECT RAISE(ABORT, 'a player appears twice in one round'); END
    """,
    """
    CREATE TRIGGER bye_one_appearance_update BEFORE UPDATE ON arbiter_bye
    WHEN EXISTS (SELECT 1 FROM arbiter_game g WHERE g.round_id = NEW.round_id
                 AND NEW.entry_id IN (g.white_id, g.black_id))
    BEGIN SELECT RAISE(ABORT, 'a player appears twice in one round'); END
    """,
]
SQLITE_REVERSE = [
    "DROP TRIGGER game_one_appearance_insert",
    "DROP TRIGGER game_one_appearance_update",
    "DROP TRIGGER bye_one_appearance_insert",
    "DROP TRIGGER bye_one_appearance_update",
]

POSTGRES = [
    """
    CREATE FUNCTION arbiter_game_one_appearance() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM arbiter_game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
                 AND (g.white_id IN (NEW.white_id, NEW.black_id)
                      OR g.black_id IN (NEW.white_id, NEW.black_id)))
         OR EXISTS (SELECT 1 FROM arbiter_bye b WHERE b.round_id = NEW.round_id
                    AND b.entry_id IN (NEW.white_id, NEW.black_id)) THEN
        RAISE EXCEPTION 'a player appears twice in one round' USING ERRCODE = 'unique_violation';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER game_one_appearance BEFORE INSERT OR UPDATE ON arbiter_game
    FOR EACH ROW EXECUTE FUNCTION arbiter_game_one_appearance()
    """,
    """
    CREATE FUNCTION arbiter_bye_one_appearance() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM arbiter_game g WHERE g.round_id = NEW.round_id
                 AND NEW.entry_id IN (g.white_id, g.black_id)) THEN
        RAISE EXCEPTION 'a player appears twice in one round' USING ERRCODE = 'unique_violation';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER bye_one_appearance BEFORE INSERT OR UPDATE ON arbiter_bye
    FOR EACH ROW EXECUTE FUNCTION arbiter_bye_one_appearance()
    """,
]
POSTGRES_REVERSE = [
    "DROP TRIGGER game_one_appearance ON arbiter_game",
    "DROP FUNCTION arbiter_game_one_appearance()",
    "DROP TRIGGER bye_one_appearance ON arbiter_bye",
    "DROP FUNCTION arbiter_bye_one_appearance()",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        statements = statements_by_vendor.get(schema_editor.connection.vendor)
        if statements is None:
            raise NotImplementedError(
                f"No appearance triggers for {schema_editor.connection.vendor}"
            )
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("arbiter", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRES}),
            _run({"sqlite": SQLITE_REVERSE, "postgresql": POSTGRES_REVERSE}),
        )
    ]
