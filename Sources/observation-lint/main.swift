print("observation-lint")
