#!/usr/bin/env bash
# Clones the corpora that the token oracle (and the benchmark) run on, at fixed tags,
# into a scratch folder outside the repository, then prints how to run the oracle.
#
#   scripts/prepare-oracle-corpus.sh [FOLDER]      (default: $ORACLE_CORPUS or
#                                                   /tmp/observation-lint-corpus)
#
# Then:
#   swift build -c release --package-path Benchmarks
#   Benchmarks/.build/release/token-oracle FOLDER/swift-syntax FOLDER/swift-nio \
#       FOLDER/vapor FOLDER/GRDB.swift
set -euo pipefail

corpus="${1:-${ORACLE_CORPUS:-/tmp/observation-lint-corpus}}"
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

case "$(cd "$(dirname "$corpus")" 2>/dev/null && pwd)/$(basename "$corpus")/" in
    "$repo_root"/*)
        echo "error: the corpus folder must be outside the repository ($repo_root)" >&2
        exit 2
        ;;
esac

mkdir -p "$corpus"

# owner/name tag
repositories=(
    "swiftlang/swift-syntax 603.0.1"
    "apple/swift-nio 2.101.3"
    "vapor/vapor 4.122.3"
    "groue/GRDB.swift 7.10.0"
    # For the benchmark.
    "apple/swift-collections 1.6.0"
    "Quick/Nimble 14.0.0"
    "pointfreeco/swift-dependencies 1.17.1"
)

for entry in "${repositories[@]}"; do
    read -r slug tag <<<"$entry"
    name="${slug#*/}"
    destination="$corpus/$name"
    if [ -d "$destination/.git" ]; then
        current="$(git -C "$destination" describe --tags --exact-match 2>/dev/null || true)"
        if [ "$current" = "$tag" ]; then
            echo "$name $tag: already there"
            continue
        fi
        rm -rf "$destination"
    fi
    echo "$name $tag: cloning"
    git -c advice.detachedHead=false clone --quiet --depth 1 --branch "$tag" \
        "https://github.com/$slug" "$destination"
    if [ ! -d "$destination/.git" ]; then
        echo "error: could not clone $slug at $tag" >&2
        exit 1
    fi
done

echo
echo "corpus ready in $corpus"
echo "run: swift build -c release --package-path \"$repo_root/Benchmarks\" &&"
echo "     \"$repo_root/Benchmarks/.build/release/token-oracle\" \"$corpus/swift-syntax\" \"$corpus/swift-nio\" \"$corpus/vapor\" \"$corpus/GRDB.swift\""
