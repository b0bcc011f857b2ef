"""URL routes: the admin, arbiter login and sign-up, and each app's pages."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.views.arbiters import signup

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", signup, name="signup"),
    path("", include("tournaments.urls")),
    path("", include("pairing.urls")),
    path("", include("standings.urls")),
]
