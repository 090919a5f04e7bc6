from django.contrib import admin

from arbiter.models import AuditEntry, Bye, Entry, Game, Round, Tournament, TournamentArbiter


class ArbiterInline(admin.TabularInline):
    model = TournamentArbiter
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "start_date", "status", "is_published"]
    list_filter = ["system", "status", "is_published"]
    search_fields = ["name", "city"]
    inlines = [ArbiterInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "starting_number", "rating", "federation", "withdrawn"]
    list_select_related = ["tournament"]
    search_fields = ["name", "fide_id"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "user", "action", "summary"]
    list_select_related = ["tournament", "user"]


admin.site.register([Round, Game, Bye])
