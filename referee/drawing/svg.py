"""SVG made by the project: charts for the club site, built as XML elements (never pasted strings), so
every stored text (a player called <script>) is escaped by the serializer.

Each chart has a <title> and <desc> for screen readers; the pages also give the same numbers as a table.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
           "#7f7f7f", "#bcbd22")


def el(tag: str, text: str | None = None, children=(), **attrs) -> ET.Element:
    node = ET.Element(tag, {k.rstrip("_").replace("__", "-").replace("_", "-"): _fmt(v)
                            for k, v in attrs.items() if v is not None})
    if text is not None:
        node.text = str(text)
    for child in children:
        node.append(child)
    return node


def _fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)


def to_text(node: ET.Element) -> str:
    """The element as XML text, exactly as ``ET.tostring(node, encoding="unicode")`` writes it (a test holds
    them equal on hostile text) in a quarter of its time: a site's replays serialize some 200,000 board
    pieces. Escaping stays the serializer's job: every text and attribute value goes through it."""
    out: list[str] = []
    try:
        _serialize(node, out.append)
    except _Unusual:
        return ET.tostring(node, encoding="unicode")
    return "".join(out)


class _Unusual(Exception):
    """A comment, processing instruction or namespaced name: left to ElementTree."""


_CDATA = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTRIB = _CDATA + (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def _escape(text: str, table) -> str:
    for char, entity in table:
        if char in text:
            text = text.replace(char, entity)
    return text


def _serialize(node: ET.Element, write) -> None:
    tag = node.tag
    if not isinstance(tag, str) or tag[:1] == "{":
        raise _Unusual
    write("<" + tag)
    for key, value in node.attrib.items():
        if key[:1] == "{":
            raise _Unusual
        write(f' {key}="{_escape(value, _ATTRIB)}"')
    if node.text or len(node):
        write(">")
        if node.text:
            write(_escape(node.text, _CDATA))
        for child in node:
            _serialize(child, write)
        write("</" + tag + ">")
    else:
        write(" />")
    if node.tail:
        write(_escape(node.tail, _CDATA))


_NAMES: dict = {}       # a keyword as el() names the attribute: class_ -> class, stroke_width -> stroke-width


def _attributes(attrs: dict) -> str:
    out = {}
    for key, value in attrs.items():
        if value is not None:
            name = _NAMES.get(key)
            if name is None:
                name = _NAMES[key] = key.rstrip("_").replace("__", "-").replace("_", "-")
            out[name] = _fmt(value)
    return "".join(f' {name}="{_escape(value, _ATTRIB)}"' for name, value in out.items())


def leaf(tag: str, text=None, **attrs) -> str:
    """``to_text(el(tag, text, **attrs))``, the same text, for an element without children: written here
    without building the element (a site's replays write some 100,000 board pieces; issue 25). Every text
    and attribute value is escaped as ``to_text`` escapes it (a test holds the two equal on hostile text)."""
    return node(tag, (), text, **attrs)


def node(tag: str, children, text=None, **attrs) -> str:
    """``leaf`` with children already written as text by ``leaf``, ``node`` or ``to_text``."""
    if tag[:1] == "{" or any(key[:1] == "{" for key in attrs):
        return to_text(el(tag, text, **attrs))      # a namespaced name: ElementTree's own way (never here)
    head = "<" + tag + _attributes(attrs)
    text = None if text is None else str(text)
    if not text and not children:
        return head + " />"
    return head + ">" + (_escape(text, _CDATA) if text else "") + "".join(children) + "</" + tag + ">"


def svg(width: int, height: int, title: str, desc: str, children, *, ident: str) -> str:
    """A whole <svg> with an accessible name and description."""
    root = el("svg", xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width} {height}", role="img",
              aria_labelledby=f"{ident}-t {ident}-d", class_="chart")
    root.append(el("title", title, id=f"{ident}-t"))
    root.append(el("desc", desc, id=f"{ident}-d"))
    for child in children:
        root.append(child)
    return to_text(root)


def _scale(lo: float, hi: float, a: float, b: float):
    if hi == lo:
        hi = lo + 1
    return lambda v: a + (v - lo) * (b - a) / (hi - lo)


def bar_chart(items, *, title: str, desc: str, ident: str, width: int = 640, bar: int = 22) -> str:
    """Horizontal bars: [(label, value)], largest first as given."""
    items = list(items)
    label_w, pad = 170, 8
    height = max(1, len(items)) * (bar + 6) + 2 * pad
    top = max([v for _, v in items] or [1]) or 1
    x = _scale(0, top, label_w, width - 60)
    kids = []
    for i, (label, value) in enumerate(items):
        y = pad + i * (bar + 6)
        kids.append(el("text", str(label)[:28], x=label_w - 6, y=y + bar * 0.72, text_anchor="end",
                       class_="lbl"))
        kids.append(el("rect", x=label_w, y=y, width=max(1.0, x(value) - label_w), height=bar,
                       fill=PALETTE[0]))
        kids.append(el("text", _fmt(value), x=x(value) + 4, y=y + bar * 0.72, class_="val"))
    return svg(width, height, title, desc, kids, ident=ident)


def column_chart(items, *, title: str, desc: str, ident: str, width: int = 640, height: int = 220) -> str:
    """Vertical columns over an ordered axis (months, score buckets): [(label, value)]."""
    items = list(items)
    pad_l, pad_b, pad_t = 36, 34, 10
    n = max(1, len(items))
    top = max([v for _, v in items] or [1]) or 1
    y = _scale(0, top, height - pad_b, pad_t)
    step = (width - pad_l - 6) / n
    kids = [el("line", x1=pad_l, y1=height - pad_b, x2=width - 4, y2=height - pad_b, class_="axis"),
            el("text", _fmt(top), x=pad_l - 4, y=pad_t + 8, text_anchor="end", class_="val")]
    every = max(1, n // 12)
    for i, (label, value) in enumerate(items):
        x0 = pad_l + i * step
        kids.append(el("rect", x=x0 + 1, y=y(value), width=max(1.0, step - 2), height=height - pad_b - y(value),
                       fill=PALETTE[0], children=[el("title", f"{label}: {_fmt(value)}")]))
        if i % every == 0:
            kids.append(el("text", str(label), x=x0 + step / 2, y=height - pad_b + 14, text_anchor="middle",
                           class_="lbl"))
    return svg(width, height, title, desc, kids, ident=ident)


def line_chart(series, *, title: str, desc: str, ident: str, width: int = 640, height: int = 240) -> str:
    """Lines over play order: series = [(name, [value, ...])]; x is the play number of each series."""
    series = [(name, list(values)) for name, values in series if values]
    pad_l, pad_b, pad_t, pad_r = 40, 24, 10, 110
    values = [v for _, vs in series for v in vs] or [0]
    lo, hi = min(values), max(values)
    longest = max([len(vs) for _, vs in series] or [1])
    x = _scale(0, max(1, longest - 1), pad_l, width - pad_r)
    y = _scale(lo, hi, height - pad_b, pad_t)
    kids = [el("line", x1=pad_l, y1=height - pad_b, x2=width - pad_r, y2=height - pad_b, class_="axis"),
            el("text", _fmt(round(hi, 1)), x=pad_l - 4, y=pad_t + 8, text_anchor="end", class_="val"),
            el("text", _fmt(round(lo, 1)), x=pad_l - 4, y=height - pad_b, text_anchor="end", class_="val")]
    for i, (name, vs) in enumerate(series):
        colour = PALETTE[i % len(PALETTE)]
        points = " ".join(f"{x(j):.1f},{y(v):.1f}" for j, v in enumerate(vs))
        kids.append(el("polyline", points=points, fill="none", stroke=colour, stroke_width=2))
        kids.append(el("text", str(name)[:16], x=width - pad_r + 6, y=y(vs[-1]) + 4, fill=colour, class_="lbl"))
    return svg(width, height, title, desc, kids, ident=ident)
