"""`referee serve`: every player enters their own moves from their own phone (issue 23, contracts §6).

- seats.py: seat, watcher and join tokens, kept beside the store so a seat link survives a restart;
- access.py: who may enter what (a seat its own moves, chance moves by the player to move);
- payload.py: what one seat is sent (`/state`): the public view, its own secret, its own moves;
- app.py: the Starlette application (the routes of contracts §6, the Host/Origin checks and the limits);
- page.py: the phone page (HTML; its JS and CSS are files in static/, so the CSP needs no inline script);
- run.py: `serve(...)`: uvicorn on the LAN address, the --json line, the QR code, Ctrl-C;
- the click command is referee/cli/serve.py (the command line sits above this package).
"""
