"""Staff can read and fix regions, journeys and followers in Django's admin."""

from django.contrib import admin

from world.oldgold_travel.models import Battle, Construction, Follower, Journey, Region

admin.site.register(Region)
admin.site.register(Journey)
admin.site.register(Follower)
admin.site.register(Construction)
admin.site.register(Battle)
