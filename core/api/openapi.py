"""The OpenAPI 3.1 description, made from the route table (:data:`core.api.routes.ROUTES`)."""

from __future__ import annotations

import re
from functools import cache

ERROR_SCHEMA = {"type": "object", "required": ["error"],
                "properties": {"error": {"type": "string", "description": "Why, for a person to read."}}}


def openapi_path(route: str) -> str:
    """``games/<int:pk>/move`` -> ``/api/games/{pk}/move``."""
    return "/api/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)


@cache
def describe() -> dict:
    from .routes import ERROR_ANSWERS, ROUTES

    paths: dict[str, dict] = {}
    for route in ROUTES:
        operation: dict = {"operationId": route.name, "summary": route.summary, "tags": list(route.tags)}
        if route.description:
            operation["description"] = route.description
        parameters = [{"name": name, "in": "path", "required": True, "schema": {"type": "integer"}}
                      for name in re.findall(r"<int:(\w+)>", route.path)]
        if parameters:
            operation["parameters"] = parameters
        if route.body is not None:
            operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": route.body}}}
        operation["responses"] = {
            "200" if route.method == "GET" or route.name not in ("api_open_table", "api_chat") else "201":
                {"description": "OK", "content": {route.answers: {}}},
            **{str(status): {"description": ERROR_ANSWERS[status],
                             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                             **({"headers": {"Retry-After": {"schema": {"type": "integer"},
                                                             "description": "Seconds to wait."}}}
                                if status == 429 else {})}
               for status in route.errors},
        }
        if route.scope is not None:
            operation["security"] = [{"token": [route.scope.value]}]
            operation["x-scope"] = route.scope.value
        paths.setdefault(openapi_path(route.path), {})[route.method.lower()] = operation
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Meeple Hall program API",
            "version": "1",
            "description": "Play on the portal from a program of your own: a bot, a board, an app. "
                           "Make a personal access token under Account → Program API tokens and send "
                           "it as `Authorization: Bearer <token>`. Streams are newline-delimited JSON "
                           "(`application/x-ndjson`): one JSON object per line, and an empty line "
                           "every few seconds to keep the connection open. Every error is "
                           "`{\"error\": \"...\"}` with its status; a refused request changes nothing.",
        },
        "paths": paths,
        "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer",
                                          "description": "A personal access token (scopes: read, play)."}},
            "schemas": {"Error": ERROR_SCHEMA},
        },
    }
