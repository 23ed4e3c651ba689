"""The club log: recorded games, history, statistics and ratings, export/import, QR codes, replay.

Nothing here imports rich, qrcode or tinydb at module import time; the CLI imports
``referee.club.commands`` lazily, and each command imports what it needs.
"""
