#!/usr/bin/env bash
# Builds and installs the Python package from source into a fresh virtual environment
# (target/python-venv) with pip, as a user would, then runs its pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${LEXPAIR_VENV:-target/python-venv}
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q "./python[test]"
"$VENV/bin/python" -m pytest -q python/tests
