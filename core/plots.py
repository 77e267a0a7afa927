"""Plots drawn by the server as SVG: bars and histograms a phone shows at its width and a screen
reader skips for the table of the same numbers printed beside each plot (its ``title`` names
that table). No script, no library: a few rectangles and words."""

from __future__ import annotations

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

WIDTH, BAR_HEIGHT, GAP, LABEL = 320, 22, 6, 96


def bars(title: str, rows: list[tuple[str, float]], unit: str = "", table_id: str = "") -> SafeString:
    """Horizontal bars, one per (label, value), longest value the full width."""
    top = max((v for _label, v in rows), default=0) or 1
    height = len(rows) * (BAR_HEIGHT + GAP) + GAP
    drawn = format_html_join("", (
        '<text x="{}" y="{}" text-anchor="end" class="plot-label">{}</text>'
        '<rect x="{}" y="{}" width="{}" height="{}" class="plot-bar"/>'
        '<text x="{}" y="{}" class="plot-value">{}{}</text>'), (
        (LABEL - 6, GAP + i * (BAR_HEIGHT + GAP) + BAR_HEIGHT * 0.7, label,
         LABEL, GAP + i * (BAR_HEIGHT + GAP), round((WIDTH - LABEL - 60) * value / top, 1), BAR_HEIGHT,
         LABEL + round((WIDTH - LABEL - 60) * value / top, 1) + 4, GAP + i * (BAR_HEIGHT + GAP) + BAR_HEIGHT * 0.7,
         _number(value), unit)
        for i, (label, value) in enumerate(rows)))
    return _svg(title, height, drawn, table_id)


def histogram(title: str, counts: dict[float, int], bins: int = 10, table_id: str = "") -> tuple[SafeString, list]:
    """Counts of values grouped into at most ``bins`` equal ranges; the plot and its rows
    (range, count) for the table beside it."""
    if not counts:
        return _svg(title, 40, mark_safe('<text x="8" y="24" class="plot-label">No games yet</text>'), table_id), []
    low, high = min(counts), max(counts)
    width = max(1, -(-(high - low + 1) // bins)) if all(float(v).is_integer() for v in counts) else (high - low) / bins or 1
    grouped: dict[float, int] = {}
    for value, count in counts.items():
        start = low + ((value - low) // width) * width
        grouped[start] = grouped.get(start, 0) + count
    rows = [(_span(start, width), grouped[start]) for start in sorted(grouped)]
    return bars(title, rows, table_id=table_id), rows


def line(title: str, points: list[float], table_id: str = "") -> SafeString:
    """A line through ``points`` in order (a rating over time), scaled to the box."""
    if len(points) < 2:
        return _svg(title, 40, mark_safe('<text x="8" y="24" class="plot-label">Not enough games yet</text>'), table_id)
    height, pad = 120, 10
    low, high = min(points), max(points)
    spread = (high - low) or 1
    step = (WIDTH - 2 * pad) / (len(points) - 1)
    path = " ".join(f"{pad + i * step:.1f},{height - pad - (p - low) / spread * (height - 2 * pad):.1f}"
                    for i, p in enumerate(points))
    drawn = format_html('<polyline points="{}" class="plot-line"/>'
                        '<text x="{}" y="12" class="plot-value">{}</text><text x="{}" y="{}" class="plot-value">{}</text>',
                        path, pad, _number(high), pad, height - 2, _number(low))
    return _svg(title, height, drawn, table_id)


def _svg(title: str, height: float, drawn: SafeString, table_id: str) -> SafeString:
    described = format_html(' aria-describedby="{}"', table_id) if table_id else ""
    return format_html('<svg class="plot" viewBox="0 0 {} {}" role="img" aria-label="{}"{}>'
                       '<title>{}</title>{}</svg>', WIDTH, round(height, 1), title, described, title, drawn)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _span(start: float, width: float) -> str:
    if float(start).is_integer() and float(width).is_integer():
        end = int(start + width - 1)
        return escape(str(int(start))) if end == int(start) else f"{int(start)}–{end}"
    return f"{start:.1f}–{start + width:.1f}"
