"""The admin: users are managed here; tournaments are only looked at.

Every change to a tournament goes through the app's services, which write the audit log in the
same transaction (docs/foundation.md, "Audit log"). The admin's own forms would change results,
entries and rounds without an audit entry and without the rules the services keep (a round
completing with its last result, starting numbers), so for staff too the tournament models are
read-only here, and the audit log can be read but never changed or deleted (the database
refuses that as well: arbiter/core/audit_guard.py).
"""

from django.contrib import admin

from arbiter.core.models import AuditEntry, Bye, Entry, Game, Round, Tournament, TournamentArbiter


class ReadOnly:
    """Staff may look, not change: changes are made on the app's pages, which audit them."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ArbiterInline(ReadOnly, admin.TabularInline):
    model = TournamentArbiter
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "system", "start_date", "status", "is_published"]
    list_filter = ["system", "status", "is_published"]
    search_fields = ["name", "city"]
    inlines = [ArbiterInline]


@admin.register(Entry)
class EntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "tournament", "starting_number", "rating", "federation", "withdrawn"]
    list_select_related = ["tournament"]
    search_fields = ["name", "fide_id"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["at", "tournament", "user", "action", "summary"]
    list_select_related = ["tournament", "user"]


@admin.register(Round, Game, Bye)
class PairingAdmin(ReadOnly, admin.ModelAdmin):
    pass
