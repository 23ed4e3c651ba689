"""Pictures the project draws as SVG, shared by the front ends: the four games' boards (boards.py: the club
site's replays and the phone page of `referee serve` draw the same pieces) and the charts' XML helpers
(svg.py). Below every front end, above the games and core: it imports no front end and no club module.
"""
