#!/usr/bin/env bash
# Clones the corpus that the benchmark and the token oracle run on — seven Swift packages
# at fixed tags, about 2,950 files and 32 MB — into a scratch folder outside the
# repository. `git` clones each package from its usual GitHub address (where a local
# mirror is configured, git reads it from there). Folders already at their tag are kept.
#
#   scripts/prepare-corpus.sh [FOLDER]      (default: $OBSERVATION_LINT_CORPUS, or
#                                            $ORACLE_CORPUS, or /tmp/observation-lint-corpus)
#
# Then, the benchmark (README, "Performance"):
#   swift build -c release --package-path Benchmarks --product observation-lint-bench
#   Benchmarks/.build/release/observation-lint-bench FOLDER
# or the token oracle on four of the packages:
#   swift build -c release --package-path Benchmarks --product token-oracle
#   Benchmarks/.build/release/token-oracle FOLDER/swift-syntax FOLDER/swift-nio \
#       FOLDER/vapor FOLDER/GRDB.swift
set -euo pipefail

corpus="${1:-${OBSERVATION_LINT_CORPUS:-${ORACLE_CORPUS:-/tmp/observation-lint-corpus}}}"
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
    # The benchmark also reads these.
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
files="$(find "$corpus" -name '*.swift' -not -path '*/.*' | wc -l | tr -d ' ')"
echo "corpus ready in $corpus ($files Swift files)"
echo "benchmark:    swift build -c release --package-path \"$repo_root/Benchmarks\" --product observation-lint-bench &&"
echo "              \"$repo_root/Benchmarks/.build/release/observation-lint-bench\" \"$corpus\""
echo "token oracle: swift build -c release --package-path \"$repo_root/Benchmarks\" --product token-oracle &&"
echo "              \"$repo_root/Benchmarks/.build/release/token-oracle\" \"$corpus/swift-syntax\" \"$corpus/swift-nio\" \"$corpus/vapor\" \"$corpus/GRDB.swift\""
