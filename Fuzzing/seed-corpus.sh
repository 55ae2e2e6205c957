#!/usr/bin/env bash
# Builds the fuzz targets' seed corpora from the repository's own files, into the folder
# given (default: seeds), one subfolder per target. Nothing here is committed: the seeds
# are rebuilt on every run (scripts/fuzz), the corpora libFuzzer grows live in corpus/.
#
#   FuzzTokenizer, FuzzDeclarations, FuzzFile: every Swift file of Fixtures/, Tests/,
#     Sources/ and Rules/, one seed each.
#   FuzzProject: every fixture scenario (a folder of Fixtures/) as a project (see
#     Sources/FuzzSupport/ProjectInput.swift: a configuration, then `//--- PATH` lines
#     each starting a file), with one of a few configurations in turn.
set -euo pipefail
cd "$(dirname "$0")"
out="${1:-seeds}"
repository=..
rm -rf "$out"
mkdir -p "$out"/{FuzzTokenizer,FuzzDeclarations,FuzzFile,FuzzProject}

# Seeds are named by their path, slashes turned into underscores.
while IFS= read -r -d '' file; do
    name="${file#"$repository"/}"
    name="${name//\//_}"
    for target in FuzzTokenizer FuzzDeclarations FuzzFile; do cp "$file" "$out/$target/$name"; done
done < <(find "$repository/Fixtures" "$repository/Tests" "$repository/Sources" "$repository/Rules" \
    -name '*.swift' -type f -print0 | sort -z)

configurations=(
    ''
    $'opt_in_rules: [pedantic, style, performance]\ninclude_tests: true\n'
    $'disabled_rules: [suspicious]\nexcluded: ["**/Tests/**"]\ndefault_actor_isolation: MainActor\n'
    $'only_rules: [correctness]\nincluded: ["**/*.swift"]\nrules:\n  model_created_in_body:\n    severity: error\n'
)
count=0
for scenario in "$repository"/Fixtures/*/; do
    scenario="${scenario%/}"
    {
        printf '%s' "${configurations[$((count % ${#configurations[@]}))]}"
        while IFS= read -r -d '' file; do
            printf '\n//--- %s\n' "${file#"$scenario"/}"
            cat "$file"
        done < <(find "$scenario" -type f \( -name '*.swift' -o -name 'project.pbxproj' \) -print0 | sort -z)
    } > "$out/FuzzProject/$(basename "$scenario")"
    count=$((count + 1))
done
