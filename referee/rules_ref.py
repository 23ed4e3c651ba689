"""The games' numbered rules reference: the text a refusal's citation ("T8", "rule 5.7 K4", "D4c/R10")
points at, in English or Czech, each rule with the section of the Czech rulebook it comes from.

The references are Markdown files shipped with the game data: ``tables/rules/<lang>/<game>.md`` (English
from the project's rules specification, Czech written from the Czech rulebooks). Both languages carry the
same labels. A rule is

- a section (``### 5.4 Builder (B)``: label ``5.4``),
- a labelled paragraph: ``- **T8** …`` (Port Royal), ``T8 Arrival: …`` (El Capitan), ``P1. …``
  (Carcassonne), a table row ``| R10 | …``,
- a numbered item of a section that has a letter (Puerto Rico's ``### 5.4 Builder (B)``, item ``2.``:
  label ``5.4 B2``),

with the lines that follow it up to the next rule. A line ``*Czech rulebook:* …`` (``*Pravidla:* …`` in
Czech) under a heading names the rulebook section the rules below it come from.

``find(game, label)`` is what ``referee rules`` uses; ``cited_by(game, refusal)`` gives the rules a refusal
cites, for the table's ``rule``/``pravidlo`` command.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from .core.names import fold

GAMES = ("port-royal", "puerto-rico", "el-capitan", "carcassonne")

_HEADING = re.compile(r"^(#{2,3})\s+(\d+(?:\.\d+)?)\.?\s+(.*?)\s*$")
_LETTER = re.compile(r"\(([A-Z]{1,2})\)\s*$")
_SOURCE = re.compile(r"^\*(?:Czech rulebook|Pravidla):\*\s*(.+?)\s*$")
_BOLD = re.compile(r"^- \*\*([A-Z]{1,3}\d+)\*\*\s*(.*)$")
_PLAIN = re.compile(r"^([A-Z]{1,3}\d+)[.:]?\s+(.*)$")
_ROW = re.compile(r"^\|\s*([A-Z]{1,3}\d+)\s*\|(.*)$")
_ITEM = re.compile(r"^(\d+)\.\s+(.*)$")
_DOTTED = re.compile(r"^(\d+\.\d+)\s+(.*)$")
_BULLET = re.compile(r"^\s+- ([A-Z]{1,3}\d+): (.*)$")
# A citation as messages write it: "5.7 K4", "T8", "D4c", "5.2", "3.1 item 5", "K4-K6".
_ONE = re.compile(r"^(\d+(?:\.\d+)?)?([A-Za-z]{1,3})?(\d+)?([A-Za-z])?$")


@dataclass(frozen=True)
class Rule:
    game: str
    label: str          # "T8", "5.4 B2", "5.4" (a whole section)
    section: str        # the heading of its section: "4.3 Phase 2: Trade & Hire"
    text: str           # the rule as written (Markdown, several lines for a section)
    source: str         # the Czech rulebook section it comes from ("" if the reference names none)
    lang: str

    def render(self) -> str:
        from .i18n import _

        lines = [self.text.rstrip()]
        if self.source:
            lines.append(_("(Czech rulebook: {section})").format(section=self.source))
        return "\n".join(lines)


def _language(lang: str | None) -> str:
    if lang is None:
        from .i18n import language

        return language()
    return lang


def game_id(text: str) -> str | None:
    key = fold(text).replace(" ", "-")
    aliases = {"pr": "puerto-rico", "ec": "el-capitan", "carc": "carcassonne", "prl": "port-royal"}
    if key in GAMES:
        return key
    if key in aliases:
        return aliases[key]
    hits = [g for g in GAMES if g.startswith(key)] if key else []
    return hits[0] if len(hits) == 1 else None


@lru_cache(maxsize=None)
def text(game: str, lang: str = "en") -> str:
    """The whole reference of a game in a language (English if that language has none)."""
    from .core.tables import tables_dir

    for candidate in (lang, "en"):
        path = tables_dir() / "rules" / candidate / f"{game}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"no rules reference for {game}")


@lru_cache(maxsize=None)
def _parse(game: str, lang: str) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    sec_label, sec_title, letter, source = "", "", "", ""
    top_source = ""
    current: list | None = None        # [label, lines, source]
    section_lines: list[str] = []

    def close_rule():
        nonlocal current
        if current is not None:
            rules.append(Rule(game, current[0], sec_title, "\n".join(current[1]).strip(), current[2], lang))
        current = None

    def close_section():
        if sec_label:
            rules.append(Rule(game, sec_label, sec_title, "\n".join(section_lines).strip(), source, lang))

    source_text = text(game, lang)
    sections = {m.group(2) for m in map(_HEADING.match, source_text.splitlines()) if m}
    for line in source_text.splitlines():
        head = _HEADING.match(line)
        if head:
            close_rule()
            close_section()
            level, number, title = head.groups()
            sec_label, sec_title = number, f"{number} {title}"
            m = _LETTER.search(title)
            letter = m.group(1) if m else ""
            if level == "##":
                top_source = ""
            source = top_source
            section_lines = [line]
            continue
        if not sec_label:
            continue
        section_lines.append(line)
        src = _SOURCE.match(line)
        if src:
            source = src.group(1)
            if sec_label.count(".") == 0:
                top_source = source
            if current is not None:
                current[2] = source
            continue
        label = None
        for pattern in (_BOLD, _ROW, _PLAIN):
            m = pattern.match(line)
            if m:
                label = m.group(1)
                break
        if label is None:
            m = _BULLET.match(line)
            if m:
                label = m.group(1)
        if label is None and "." not in sec_label:
            # A top-level section's numbered items: "1.1 …" (El Capitan), "3. …" -> 6.3 (Puerto Rico's §6),
            # unless a subsection already has that number.
            m = _DOTTED.match(line)
            if m and m.group(1).split(".")[0] == sec_label:
                label = m.group(1)
            elif not letter:
                m = _ITEM.match(line)
                if m and f"{sec_label}.{m.group(1)}" not in sections:
                    label = f"{sec_label}.{m.group(1)}"
        if label is None and letter:
            m = _ITEM.match(line)
            if m:
                label = f"{sec_label} {letter}{m.group(1)}"
        if label is not None:
            close_rule()
            current = [label, [line], source]
        elif current is not None:
            current[1].append(line)
    close_rule()
    close_section()
    return tuple(rules)


def rules(game: str, lang: str | None = None) -> list[Rule]:
    return list(_parse(game, _language(lang)))


def labels(game: str, lang: str | None = None) -> list[str]:
    seen: list[str] = []
    for r in rules(game, lang):
        if r.label not in seen:
            seen.append(r.label)
    return seen


def _candidates(citation: str) -> list[list[str]]:
    """A citation -> the labels it names, each with fallbacks: 'D4c/R10' -> [['D4c', 'D4'], ['R10']];
    '5.7 K4-K6' -> [['5.7 K4', 'K4'], ['5.7 K5', 'K5'], ['5.7 K6', 'K6']]; 'rules 3.1 item 5' -> [['3.1']]."""
    cleaned = re.sub(r"(?i)\b(rules?|pravidl[oa]|pravidel|§)\b", " ", citation)
    cleaned = re.sub(r"(?i)\bitem\s+\d+", " ", cleaned)
    out: list[list[str]] = []
    for part in re.split(r"\s*(?:/|,|;|\band\b|\ba\b)\s*", cleaned.strip()):
        part = " ".join(part.split())
        if not part:
            continue
        m = re.match(r"^(\d+(?:\.\d+)?\s*)?([A-Za-z]{1,3})(\d+)\s*[-–]\s*(?:[A-Za-z]{1,3})?(\d+)$", part)
        if m and int(m.group(3)) <= int(m.group(4)) <= int(m.group(3)) + 20:
            prefix, letters = (m.group(1) or "").strip(), m.group(2).upper()
            for n in range(int(m.group(3)), int(m.group(4)) + 1):
                out.append(_variants(f"{prefix} {letters}{n}".strip()))
            continue
        out.append(_variants(part))
    return out


def _variants(part: str) -> list[str]:
    """One cited label -> the labels to try, most specific first: '5.7 k4' -> ['5.7 K4', 'K4', '5.7']."""
    m = _ONE.match(part.replace(" ", ""))
    if not m:
        return [part]
    number, letters, digits, sub = m.groups()
    letters, sub = (letters or "").upper(), (sub or "").lower()
    if not letters and not digits:
        return [number] if number else [part]
    core = f"{letters}{digits or ''}"
    forms = []
    if number:
        forms += [f"{number} {core}{sub}", f"{number} {core}"]
    forms += [f"{core}{sub}", core]
    if number:
        forms.append(number)
    return list(dict.fromkeys(forms))


def find(game: str, label: str, lang: str | None = None) -> list[Rule]:
    """The rules a citation names, in the language in force (or ``lang``): 'T8' -> [T8]; 'D4c/R10' ->
    [D4, R10]; '5.7 K4' -> [5.7 K4]; 'K4' -> [5.7 K4] when it is the only K4; '5.2' -> the section.
    Matching ignores case and spaces. Empty when any part of the citation names no rule."""
    by_label: dict[str, list[Rule]] = {}
    for r in rules(game, lang):
        by_label.setdefault(r.label.replace(" ", "").upper(), []).append(r)
    suffix: dict[str, list[Rule]] = {}
    for r in rules(game, lang):
        if " " in r.label:
            suffix.setdefault(r.label.split(" ", 1)[1].upper(), []).append(r)
    found: list[Rule] = []
    parts = _candidates(label)
    if not parts:
        return []
    for forms in parts:
        hit = None
        for form in forms:
            key = form.replace(" ", "").upper()
            if key in by_label:
                hit = by_label[key]
                break
            if " " not in form and key in suffix and len(suffix[key]) == 1:
                hit = suffix[key]
                break
        if hit is None:
            return []
        found += [r for r in hit if r not in found]
    return found


def looks_like_label(text: str) -> bool:
    """Whether the words typed are a citation ('T8', '5.7 K4', 'd4c/r10', '5.2') rather than words to find."""
    parts = _candidates(text)
    return bool(parts) and all(
        re.match(r"^(\d+(\.\d+)?( [A-Z]{1,3}\d+[a-z]?)?|[A-Z]{1,3}\d+[a-z]?)$", forms[0]) for forms in parts)


def nearest(game: str, label: str, lang: str | None = None, n: int = 4) -> list[str]:
    """The labels closest to one that does not exist, for the refusal."""
    known = labels(game, lang)
    key = label.strip().upper()
    close = difflib.get_close_matches(key, [k.upper() for k in known], n=n, cutoff=0.3)
    by_upper = {k.upper(): k for k in known}
    return [by_upper[c] for c in close]


def search(game: str, words: str, lang: str | None = None) -> list[Rule]:
    """The labelled rules (sections only when no labelled rule matches) whose text holds every word, in
    either language (so 'kapitán' finds the captain's rules in English too), shown in the language in
    force. Words match the start of a word, without regard to case or diacritics ('kapitan' ~ 'kapitána')."""
    lang = _language(lang)
    wanted = [w for w in fold(words).split() if w]
    if not wanted:
        return []

    def matches(r: Rule) -> bool:
        hay = re.findall(r"\w+", fold(" ".join((r.section, r.source, r.text))))
        return all(any(h.startswith(w) for h in hay) for w in wanted)

    def about(r: Rule) -> bool:           # the words name the rule's section (the captain's rules)
        hay = re.findall(r"\w+", fold(" ".join((r.section, r.source))))
        return all(any(h.startswith(w) for h in hay) for w in wanted)

    hit_labels: set[str] = set()
    section_labels: set[str] = set()
    for other in dict.fromkeys((lang, "en", "cs")):
        for r in rules(game, other):
            if matches(r):
                hit_labels.add(r.label)
            if about(r):
                section_labels.add(r.label)
    shown = rules(game, lang)
    labelled = [r for r in shown if r.label in hit_labels and not re.fullmatch(r"\d+(\.\d+)?", r.label)]
    found = labelled or [r for r in shown if r.label in hit_labels]
    return sorted(found, key=lambda r: r.label not in section_labels)      # stable: rulebook order within


_CITED = re.compile(r"\b[Rr]ules? ((?:\d+(?:\.\d+)? )?[A-Z]{1,3}\d+[a-z]?(?:\s*[-–/]\s*(?:\d+(?:\.\d+)? )?[A-Z]{0,3}\d+[a-z]?)*"
                    r"|\d+(?:\.\d+)?(?: and \d+(?:\.\d+)?)?)"
                    r"|\(((?:\d+\.\d+ )?[A-Z]{1,3}\d+[a-z]?(?:/[A-Z]{1,3}\d+[a-z]?)*)\)")


def citations(message: str) -> list[str]:
    """The rule labels a message cites ('… (rule 5.7 K4)', '… (D4c/R10)'), as written."""
    return [a or b for a, b in _CITED.findall(message)]


def cited_by(game: str, message: str, lang: str | None = None) -> list[Rule]:
    """The rules a refusal cites, in the language in force: what the table's ``rule``/``pravidlo`` command
    shows after "Only Ann may claim an expedition (E1/R3)." -> [E1, R3]. Citations that name no rule of
    the reference are left out (the test suite checks that the engines cite none)."""
    found: list[Rule] = []
    for citation in citations(message):
        for rule in find(game, citation, lang):
            if rule not in found:
                found.append(rule)
    return found
