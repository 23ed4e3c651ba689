"""The history's file formats: reading (BGG XML, BG Stats, QR text; JSON and CSV in club/log/importer.py) and
writing (JSON, CSV, BGG XML, BG Stats, QR). Each depends on the club's common helpers only, never on the log."""
