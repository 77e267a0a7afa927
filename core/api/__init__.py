"""The program API: personal access tokens, NDJSON streams and JSON actions.

Another transport over the same services as the pages (DESIGN.md, "Program API"): a move made
through the API goes through :func:`core.services.matches.play_move_of` like a click, and a
stream shows a seat what its page shows (:func:`core.rendering.match_context`), nothing more.
One route table (:mod:`core.api.routes`) makes the URLs, the OpenAPI description and the
documentation page, so none of them can tell another story.
"""
