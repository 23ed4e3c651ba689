"""Several laptops, one club history, through a folder the club's file sync already shares (issue 24,
contracts §7). This package is the part that knows nothing of the club log: the events, their clock, the
folder's files and the merge.

The design (after git-annex's union-merged per-key logs, CouchDB's deterministic winners, and what Syncthing,
Dropbox, Joplin and Zotero users lost): each laptop (a *device*) appends its changes as events to files of its
own under ``devices/<device>/`` in the folder, each file written once (a temporary name, then renamed) and
never changed after. An event carries an id, its device, a hybrid logical clock and a checksum. Plays are keyed
by their id; a field's value is the one set by the latest clock (last writer wins, per field); delete and
restore are tombstones ordered the same way; a rename or merge of players is an alias applied on read. A
missing file never deletes anything: only a delete event does. Conflict copies are ordinary files whose events
count once (by id); a torn line fails its checksum and waits for the whole file.

- ``clock``: the hybrid logical clock (wall time that never goes back, and a counter);
- ``events``: an event, its canonical line and checksum;
- ``folder``: writing a device's files, and reading everyone's (junk, temporary and conflict copies);
- ``merge``: the events folded into the plays, tombstones and aliases every laptop agrees on.
"""
