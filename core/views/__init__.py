"""Thin HTTP views: parse the request, call a service, render. Grouped by page family."""
