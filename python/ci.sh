#!/usr/bin/env bash
# The Python package's part of CI: a venv, the wheel built by maturin (the dev profile, whose
# artefacts `cargo test --workspace` has mostly built already), installed with pip, and the
# pytest tests, among them the two-worker Dask cluster against `scoresheet export`.
# `.ci/run` and `cargo xtask ci` run it after the Rust tests (the scoresheet binary exists);
# `.ci/run` also installs the venv's packages ahead, in the background, and passes XTASK, the
# xtask binary the tests built (`cargo xtask` would build it again).
# Each step's time is printed, for docs/performance.md's CI budget.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  echo "-- $* ($((SECONDS / 60))m$((SECONDS % 60))s)"
}

venv=target/python-venv
step "venv and packages (python/requirements-ci.txt)"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-ci.txt

step "wheel (maturin build --profile dev)"
rm -rf target/wheels
"$venv/bin/maturin" build --profile dev --interpreter "$venv/bin/python" --out target/wheels
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps target/wheels/scoresheet-*.whl

step "random games for the tests (xtask corpus, 20,000 games)"
if [ -n "${XTASK:-}" ]; then
  "$XTASK" corpus target/python-corpus --games 20000
else
  cargo build --quiet -p scoresheet
  cargo xtask corpus target/python-corpus --games 20000
fi

step "pytest"
# `import scoresheet` is the installed wheel: python/ is not on the path.
SCORESHEET_RANDOM_GAMES=target/python-corpus/random-games.pgn SCORESHEET_BIN=target/debug/scoresheet \
  "$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider

step "python done"
