#!/usr/bin/env bash
# Installs-as-users-install smoke test (run by `make wheel-smoke`, part of `make test`):
# the wheel built from the checkout, installed in a fresh virtualenv outside it, runs every
# kind of command from a directory that is not the checkout.
#   usage: tests/wheel_smoke.sh CHECKOUT WORKDIR PYTHON
set -euo pipefail
checkout=$(cd "$1" && pwd); work=$2; python=$3
data=$checkout/tests/data/corpus
rm -rf "$work" && mkdir -p "$work"
"$python" -m pip wheel -q --no-deps --disable-pip-version-check "$checkout" -w "$work/dist" 2>&1 \
  | grep -v "^WARNING" || true
rm -rf "$checkout/build"
"$python" -m venv "$work/venv"
venv=$work/venv/bin
"$venv/pip" install -q --disable-pip-version-check "$work"/dist/verb_wsd-*.whl mypy
cd "$work"  # nothing of the checkout on sys.path
"$venv/wsd" --version
"$venv/python" -m evaluation.cli --version
"$venv/wsd" thesaurus maxlen use
"$venv/wsd" train --method example --corpus "$data/br-x01" --out model.json
"$venv/wsd" disambiguate --model model.json --corpus "$data/x01.data.xml" --out pred.key \
  --gold-out gold.key --top-k 2 --confidence
"$venv/wsd" score --gold gold.key --pred pred.key
"$venv/wsd" compare --gold gold.key pred.key --out compare --quiet --bootstrap 200
test -s compare/report.html
test -s compare/instances.html  # the browser's template ships as package data
grep -q '"systems":\["pred"\]' compare/instances.html
# plain text: the tagger the wheel ships is copied to an empty tagger folder on first use
echo "She made a cake and they went home." | WSD_TAGGER_CACHE="$work/taggers" \
  "$venv/wsd" disambiguate --model model.json --text - --out text.key
test -s "$work/taggers/semcor-tagger.json"
"$venv/wsd" frames --corpus "$data/br-x01" --limit 1 > frames.jsonl
test -s frames.jsonl
# the installed packages carry their types: mypy checks a user's script against them
printf 'import evaluation\nimport thesaurus\nfrom wsd.methods import make_method\n%s\n' \
  'name: str = make_method("mfs").name' > user.py
"$venv/mypy" --no-incremental user.py
echo "wheel smoke: ok ($(ls dist))"
