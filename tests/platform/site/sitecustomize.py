"""Started by Python itself in every child of a test run in simulated Windows (tests/platform/windows.py
puts this folder on PYTHONPATH): the child's referee sees the same Windows as the test process's."""

import os

if os.environ.get("REFEREE_SIMULATE") == "windows":
    import importlib.util

    _path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "windows.py")
    _spec = importlib.util.spec_from_file_location("_referee_simulated_windows", _path)
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    _module.install()
