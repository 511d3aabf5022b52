#!/usr/bin/env bash
# What a policy repository's CI runs on every pull request (maskc's own CI runs it too):
# lint every policy, run the policy tests, and compare the proposed policy with the
# current one over captured screens, failing if the change exposes any view.
# Usage: ci.sh [path/to/maskc]
set -euo pipefail
maskc="${1:-maskc}"
cd "$(dirname "$0")"

# Lints what .maskc.yml lists (the three policies, over the captured screens).
"$maskc" check --strict
"$maskc" test .
# The pull-request comment (Markdown); exit 1 if anything becomes unmasked.
"$maskc" diff app.yaml proposed/app.yaml --trees trees --format markdown --fail-on-exposure
