#!/usr/bin/env bash
# The token oracle's corpus (swift-syntax 603.0.1, swift-nio 2.101.3, vapor 4.122.3,
# GRDB.swift 7.10.0, and the benchmark's packages) is prepared by the shared script
# scripts/prepare-corpus.sh; this name is kept for the oracle's instructions.
#
#   scripts/prepare-oracle-corpus.sh [FOLDER]      (default: /tmp/observation-lint-corpus)
exec "$(dirname "${BASH_SOURCE[0]}")/prepare-corpus.sh" "$@"
