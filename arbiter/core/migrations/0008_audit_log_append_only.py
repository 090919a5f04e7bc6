"""The audit log is append-only, kept by the database itself (arbiter/audit_guard.py).

An entry is never updated nor deleted, except that deleting a user empties its ``user``
(SET_NULL); a transaction that lifts the guard on purpose (a restore's timestamps,
``manage.py flush``) is let through. SQLite and PostgreSQL each get their own dialect.
"""

from django.db import migrations

MESSAGE = "the audit log is append-only: entries are never changed or deleted"

SQLITE = [
    f"""
    CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON arbiter_auditentry
    WHEN NOT arbiter_audit_unlocked() AND NOT (
      NEW.user_id IS NULL AND NEW.id = OLD.id AND NEW.tournament_id IS OLD.tournament_id
      AND NEW.action = OLD.action AND NEW.summary = OLD.summary AND NEW.at = OLD.at
      AND NEW."before" IS OLD."before" AND NEW."after" IS OLD."after")
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END
    """,
    f"""
    CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON arbiter_auditentry
    WHEN NOT arbiter_audit_unlocked()
    BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END
    """,
]
SQLITE_REVERSE = ["DROP TRIGGER audit_entry_no_update", "DROP TRIGGER audit_entry_no_delete"]

POSTGRES = [
    f"""
    CREATE FUNCTION arbiter_audit_append_only() RETURNS trigger AS $$
    BEGIN
      IF current_setting('arbiter.audit_unlocked', true) = 'on' THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END IF;
      IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL
         AND (NEW.id, NEW.tournament_id, NEW.action, NEW.summary, NEW.at)
             IS NOT DISTINCT FROM (OLD.id, OLD.tournament_id, OLD.action, OLD.summary, OLD.at)
         AND NEW."before" IS NOT DISTINCT FROM OLD."before"
         AND NEW."after" IS NOT DISTINCT FROM OLD."after" THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
    END $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE ON arbiter_auditentry
    FOR EACH ROW EXECUTE FUNCTION arbiter_audit_append_only()
    """,
]
POSTGRES_REVERSE = [
    "DROP TRIGGER audit_entry_append_only ON arbiter_auditentry",
    "DROP FUNCTION arbiter_audit_append_only()",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        statements = statements_by_vendor.get(schema_editor.connection.vendor)
        if statements is None:
            raise NotImplementedError(f"No audit triggers for {schema_editor.connection.vendor}")
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("arbiter", "0007_text_without_control_characters_and_unrated_rating")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRES}),
            _run({"sqlite": SQLITE_REVERSE, "postgresql": POSTGRES_REVERSE}),
        )
    ]
