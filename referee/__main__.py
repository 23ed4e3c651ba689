from ._start import run

run()
