"""Sign-up, a throttled log-in, and profiles with history, ratings and plugin sections."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string

from core.forms import ProfileForm, SignupForm
from core.models import Profile, Rating, Seat
from core.plugins import registry


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Profile.objects.get_or_create(user=user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, "Welcome to Meeple Hall!")
        return redirect(request.GET.get("next") or "home")
    return render(request, "registration/signup.html", {"form": form})


def _client_key(request) -> str:
    return f"login-fail:{request.META.get('REMOTE_ADDR', '?')}:{request.POST.get('username', '').lower()}"


class ThrottledLoginView(LoginView):
    """Django's login view, refusing further tries for a while after repeated failures."""

    def post(self, request, *args, **kwargs):
        limit = settings.LOGIN_THROTTLE
        if cache.get(_client_key(request), 0) >= limit["attempts"]:
            form = self.get_form()
            form.add_error(None, "Too many failed attempts. Please wait a few minutes and try again.")
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        key = _client_key(self.request)
        cache.set(key, cache.get(key, 0) + 1, settings.LOGIN_THROTTLE["window_seconds"])
        return super().form_invalid(form)

    def form_valid(self, form):
        cache.delete(_client_key(self.request))
        return super().form_valid(form)


def profile(request, username):
    user = get_object_or_404(get_user_model(), username=username)
    seats = (Seat.objects.filter(user=user).select_related("match")
             .order_by("-match__created_at")[:50])
    games = registry().games
    ratings = sorted(Rating.objects.filter(user=user), key=lambda r: r.game_slug)
    sections = [
        {"title": s["title"], "html": render_to_string(s["template"], s.get("context", {}))}
        for found in registry().call("extra_profile_sections", user=user)
        for s in found
    ]
    return render(request, "core/profile.html", {
        "profile_user": user, "seats": seats, "games": games, "ratings": ratings,
        "sections": sections,
    })


@login_required
def edit_profile(request):
    profile_obj, _ = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=profile_obj)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Profile saved.")
        return redirect("profile", request.user.username)
    return render(request, "core/edit_profile.html", {"form": form})
