"""The API's pages for people: the token settings page, and the documentation rendered from
the same description that ``/api/openapi.json`` serves."""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render

from core.models import ApiToken, Profile

from . import auth
from .openapi import describe


class TokenForm(forms.Form):
    name = forms.CharField(label="Name", max_length=60,
                           help_text="Which program will use it, so you can tell your tokens apart.")
    scopes = forms.MultipleChoiceField(
        label="It may", widget=forms.CheckboxSelectMultiple, initial=[s.value for s in auth.Scope],
        choices=[(scope.value, auth.SCOPE_HELP[scope]) for scope in auth.Scope])


class BotAccountForm(forms.Form):
    bot_account = forms.BooleanField(
        label="This is a bot account", required=False,
        help_text="A program plays for this account: tables show “bot account” beside its name and "
                  "leaderboards mark it.")


@login_required
def tokens(request):
    """List, make and revoke the user's tokens; a new token is shown in this answer only."""
    profile, _ = Profile.objects.get_or_create(user=request.user)
    form, new_token = TokenForm(), None
    bot_form = BotAccountForm(initial={"bot_account": profile.bot_account})
    if request.method == "POST":
        if "revoke" in request.POST:
            revoke = request.POST["revoke"]
            token = get_object_or_404(ApiToken, pk=int(revoke) if revoke.isascii() and revoke.isdigit() and len(revoke) < 12 else 0,
                                      user=request.user)
            auth.revoke(token)
            return redirect("api_tokens")
        if "bot_account_form" in request.POST:
            bot_form = BotAccountForm(request.POST)
            if bot_form.is_valid():
                Profile.objects.filter(pk=profile.pk).update(bot_account=bot_form.cleaned_data["bot_account"])
                return redirect("api_tokens")
        else:
            form = TokenForm(request.POST)
            if form.is_valid():
                try:
                    _row, new_token = auth.issue(request.user, form.cleaned_data["name"], form.cleaned_data["scopes"])
                except ValueError as exc:
                    form.add_error(None, str(exc))
                else:
                    form = TokenForm()
    return render(request, "core/api_tokens.html", {
        "form": form, "bot_form": bot_form, "new_token": new_token,
        "tokens": request.user.api_tokens.all(),
    })


def openapi_json(request):
    return JsonResponse(describe(), json_dumps_params={"indent": 1})


def documentation(request):
    spec = describe()
    operations = []
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            operations.append({
                "method": method.upper(), "path": path, **operation,
                "answers": [(status, answer["description"]) for status, answer in operation["responses"].items()],
                "content_type": next(iter(operation["responses"].get("200", operation["responses"].get("201", {}))
                                          .get("content", {"application/json": {}}))),
                "fields": [(name, schema.get("type", ""), name in body.get("required", []))
                           for name, schema in body["properties"].items()] if body else [],
            })
    return render(request, "core/api_docs.html", {
        "info": spec["info"], "operations": operations, "spec_size": len(json.dumps(spec)),
    })
