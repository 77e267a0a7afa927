from django.contrib import admin

from .models import SoloProgress


@admin.register(SoloProgress)
class SoloProgressAdmin(admin.ModelAdmin):
    list_display = ("user", "highest_level", "extreme_highest_level", "games", "wins", "updated")
    search_fields = ("user__username",)
    readonly_fields = ("updated",)
