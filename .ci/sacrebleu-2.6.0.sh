#!/usr/bin/env bash
# CI, second step: the golden and live checks against sacreBLEU 2.6.0 (issue 20).
#
# .ci/run's first step runs everything with the test extra's sacreBLEU 2.5.1 (the version
# the shipped goldens were generated with). bleuprint reproduces 2.6.0 as well, so this
# step installs sacreBLEU 2.6.0 over it and reruns the tests marked sacrebleu_live (spec,
# compat, the CLI and reproduce against live sacreBLEU, the goldens rebuilt from it and
# compared with the stored 2.5.1 ones but for the signatures' version, verify's live
# rows), then puts 2.5.1 back. With no argument it works in the environment that is
# active (.ci/run's .venv-ci); with --fresh it makes its own virtual environment first
# (.venv-ci-sacrebleu26), to check the step on its own.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--fresh" ]; then
    python3 -m venv .venv-ci-sacrebleu26
    # shellcheck disable=SC1091
    . .venv-ci-sacrebleu26/bin/activate
    python -m pip install --quiet --upgrade pip
    python -m pip install --quiet -e '.[test]'
fi

restore() { python -m pip install --quiet 'sacrebleu==2.5.1'; }
python -m pip install --quiet 'sacrebleu==2.6.0'
trap restore EXIT
python - <<'PY'
import sacrebleu
assert sacrebleu.__version__ == "2.6.0", sacrebleu.__version__
print(".ci/sacrebleu-2.6.0.sh: sacreBLEU", sacrebleu.__version__)
PY

export CI=true
start=$(date +%s)
python -m pytest -q -n auto --dist worksteal -m 'sacrebleu_live and not slow' -p no:cacheprovider
echo ".ci/sacrebleu-2.6.0.sh: the golden and live checks against sacreBLEU 2.6.0 took $(( $(date +%s) - start )) s"
