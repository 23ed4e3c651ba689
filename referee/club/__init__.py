"""The club log, in rooms: log/ (logging, corrections, identities, import, repair), formats/ (the history's
file formats), stats/ (statistics, ratings, charts), site/ (the static web site); common.py is what they share.

Nothing here imports rich, qrcode or tinydb at module import time; the command line (referee/cli/) imports
these modules lazily, and each command imports what it needs.
"""
