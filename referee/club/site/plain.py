"""The page of a play without a record (templates/play.html with no replay), written out directly.

A club's history is mostly such plays (9,500 of a 10,000-play site), and rendering each through Jinja was
half of the main process's time in a first build (issue 25): a new context, two template look-ups with their
files' dates, seven calls of the translated texts and a call per filter, for a page of a few rows. The texts
that are the same on every page (translations, the club's title, the page's frame) are rendered once, by the
templates' own environment; a page then fills in the play's fields, each escaped as the template escapes it.
The page is byte-identical to the template's (tests/site/test_plain_page.py renders both for plays of odd and
hostile values in en and cs). A document the template would read in another way (not a dict, a ranking entry
that is not a dict or lacks a field the template shows, a breakdown that is not a dict) gets ``None`` here:
the caller renders the template.
"""

from __future__ import annotations

from markupsafe import escape

# What the template translates (base.html and play.html without a replay), in the order of TEXTS below.
TEXTS = ("Skip to content", "Site", "Made by referee from the club's history.", "Location", "Duration",
         "Result", "Player", "Total", "Breakdown", "Notes")


class PlainPage:
    """``page(play, doc, game_slug) -> bytes | None`` for one build (one language, title and players' pages)."""

    def __init__(self, env, lang: str, club_title: str, player_slug: dict, root: str = "../"):
        # the translations as the template's `_()` gives them (its newstyle gettext: unescaped, %-formatted)
        say = env.from_string("{{ _(text) }}")
        (skip, site, made, self.location, self.duration, result, player, total, breakdown,
         self.notes) = (say.render(text=text) for text in TEXTS)
        self.game_name = env.globals["game_name"]
        self.part_label = env.globals["part_label"]
        self.date = env.filters["date"]
        self.minutes = env.filters["duration"]
        self.player_slug = player_slug
        self.root = root
        title = escape(club_title)
        self.title_tail = f" · {title}</title>\n"
        self.head = (f'<!doctype html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
                     '<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>')
        self.body = (f'<link rel="stylesheet" href="{root}static/site.css">\n</head>\n<body>\n'
                     f'<a class="skip" href="#main">{skip}</a>\n'
                     f'<header><nav aria-label="{site}"><a href="{root}index.html">{title}</a></nav></header>\n'
                     '<main id="main">\n')
        self.table = (f'<section aria-labelledby="h-result"><h2 id="h-result">{result}</h2>\n'
                      '<div class="scroll"><table class="result"><thead><tr><th scope="col">#</th>'
                      f'<th scope="col">{player}</th><th scope="col">{total}</th>'
                      f'<th scope="col">{breakdown}</th></tr></thead><tbody>\n')
        self.foot = f"</section>\n</main>\n<footer>{made}</footer>\n</body>\n</html>"

    def __call__(self, play, doc, game_slug: str) -> bytes | None:
        if type(doc) is not dict:
            return None
        result = doc.get("result") or {}
        if type(result) is not dict:
            return None
        ranking = result.get("ranking", [])
        if type(ranking) is not list:
            return None
        rows = []
        for e in ranking:
            if type(e) is not dict or "rank" not in e or "player" not in e or "total" not in e:
                return None
            parts = e.get("breakdown") or {}
            if type(parts) is not dict:
                return None
            name = e["player"]
            lower = (name if isinstance(name, str) else str(name)).lower()     # Jinja's `lower` filter
            slug = self.player_slug.get(lower)
            who = (escape(name) if slug is None
                   else f'<a href="{self.root}players/{escape(slug)}.html">{escape(name)}</a>')
            split = " · ".join(f"{escape(self.part_label(k, play.game))} {escape(v)}" for k, v in parts.items())
            rows.append(f"<tr><td>{escape(e['rank'])}</td><td>{who}</td><td>{escape(e['total'])}</td>\n"
                        f"<td>{split}</td></tr>\n")
        name, date = escape(self.game_name(play.game)), escape(self.date(play.date))
        where = doc.get("location")
        minutes = doc.get("duration")
        notes = doc.get("notes")
        line = ((f"{self.location}: {escape(where)}" if where else "")
                + (f" · {self.duration}: {escape(self.minutes(minutes))}" if minutes else ""))
        return "".join((
            self.head, f"{name} {date}", self.title_tail, self.body,
            f'<h1><a href="{self.root}games/{escape(game_slug)}.html">{name}</a>, {date}</h1>\n<p>{line}</p>\n',
            self.table, *rows, "</tbody></table></div>\n",
            f'<h3>{self.notes}</h3><p class="notes">{escape(notes)}</p>' if notes else "",
            self.foot)).encode("utf-8")
