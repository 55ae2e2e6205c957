import Combine
import Foundation

/// Turns pasted text into recipes:
///
///     # Pancakes
///     serves: 4
///     200 g flour
///     2 eggs
@MainActor
final class RecipeImporter: ObservableObject {
    @Published private(set) var isRunning = false
    @Published private(set) var progress: Double = 0
    @Published private(set) var skippedLines: [String] = [] // expect: published_never_read

    /// `200 g flour`, `1.5 cups milk`, `2 eggs`.
    private static let linePattern = #"^\s*(\d+(?:[.,]\d+)?)\s*(g|ml|cups?|tbsp)?\s+(.+)$"#

    static let example = """
        # Pancakes
        serves: 4
        200 g flour
        2 eggs
        300 ml milk
        1 tbsp sugar

        # Lemonade
        serves: 6
        6 lemons
        1.5 cups sugar
        """

    func parse(_ text: String) async -> [Recipe] {
        isRunning = true
        progress = 0
        skippedLines = []
        let blocks = text.components(separatedBy: "\n\n")
        var result: [Recipe] = []
        for (index, block) in blocks.enumerated() {
            if let recipe = parseBlock(block) {
                result.append(recipe)
            }
            progress = Double(index + 1) / Double(max(blocks.count, 1))
            await Task.yield()
        }
        isRunning = false
        return result
    }

    private func parseBlock(_ block: String) -> Recipe? {
        var lines = block.split(separator: "\n").map(String.init)
        guard let header = lines.first, header.hasPrefix("# ") else { return nil }
        lines.removeFirst()
        let regex = try? NSRegularExpression(pattern: Self.linePattern)
        var ingredients: [Recipe.Ingredient] = []
        var servings = 2
        for line in lines {
            if line.hasPrefix("serves:") {
                servings = Int(line.dropFirst("serves:".count).trimmingCharacters(in: .whitespaces)) ?? servings
                continue
            }
            let range = NSRange(line.startIndex..., in: line)
            guard let match = regex?.firstMatch(in: line, range: range),
                  let quantityRange = Range(match.range(at: 1), in: line),
                  let nameRange = Range(match.range(at: 3), in: line)
            else {
                skippedLines.append(line)
                continue
            }
            let quantity = Double(line[quantityRange].replacingOccurrences(of: ",", with: ".")) ?? 1
            let unit = Range(match.range(at: 2), in: line)
                .flatMap { Recipe.Ingredient.Unit(rawValue: line[$0].replacingOccurrences(of: "cups", with: "cup")) }
                ?? .piece
            ingredients.append(Recipe.Ingredient(name: String(line[nameRange]), quantity: quantity, unit: unit))
        }
        return Recipe(title: String(header.dropFirst(2)), summary: "Imported \(ingredients.count) ingredients", servings: servings, ingredients: ingredients)
    }
}
