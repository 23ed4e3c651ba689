"""The CSV export through one reused writer (issue 25) writes the bytes the DictWriter per call wrote: the
code before, kept here, against the code now, on plays with every awkward cell (formulas, separators,
quotes, line breaks, Czech letters, missing values), plain and --excel, whole and streamed game by game."""

import csv
import io
import random

from referee.club.formats import export
from referee.club.formats.export import CSV_COLUMNS, TEXT_COLUMNS, csv_rows, csv_text


def before(docs, excel=False) -> str:
    buf = io.StringIO()
    if excel:
        buf.write("\ufeff")
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\r\n" if excel else "\n",
                            delimiter=";" if excel else ",")
    writer.writeheader()
    for row in csv_rows(docs):
        writer.writerow({k: csv_text(v) if k in TEXT_COLUMNS else v for k, v in row.items()})
    return buf.getvalue()


AWKWARD = ["Ann", "=HYPERLINK(\"x\")", "+1", "-2", "@a", "'q", "a,b", "a;b", 'say "hi"', "line\nbreak",
           "Řehoř Čech", "", "\ttab", "x\r"]


def docs(n=300, seed=5):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        players = rng.sample(AWKWARD[:11] + [f"P{j}" for j in range(9)], rng.randint(1, 5))
        points = rng.random() < 0.8
        ranking = [{"player": p, "total": rng.randint(0, 90) if points else None, "rank": k + 1}
                   for k, p in enumerate(players)]
        doc = {"id": f"g{i:05d}", "game": rng.choice(["port-royal", "el-capitan", "=cmd"]),
               "date": f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}", "source": rng.choice(["tracked", ""]),
               "location": rng.choice(AWKWARD + [None]), "notes": rng.choice(AWKWARD + [None]),
               "duration": rng.choice([None, 45, 0]),
               "result": {"ranking": ranking, "winners": players[:1] if rng.random() < 0.9 else players[:2]}}
        if rng.random() < 0.2:
            doc["result"]["cooperative"] = True
        if rng.random() < 0.2:
            doc["teams"] = {rng.choice(AWKWARD): players[:2]}
        if rng.random() < 0.3:
            doc["colours"] = {p: rng.choice(["red", "=blue"]) for p in players}
        out.append(doc)
    return out


def test_the_export_is_the_same_bytes():
    plays = docs()
    for excel in (False, True):
        assert export.export_csv(plays, excel=excel) == before(plays, excel=excel)
        assert export.export_csv([], excel=excel) == before([], excel=excel)


def test_game_by_game_through_one_writer_is_the_same_bytes():
    plays = docs()
    for excel in (False, True):
        head = before([], excel=excel)
        out = export.CsvWriter(excel)
        assert [out.rows([d]) for d in plays] == [before([d], excel=excel)[len(head):] for d in plays]
