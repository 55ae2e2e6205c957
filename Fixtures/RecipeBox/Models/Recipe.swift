import Foundation

struct Recipe: Identifiable, Hashable, Codable {
    let id: UUID
    var title: String
    var summary: String
    var servings: Int
    var minutes: Int
    var difficulty: Difficulty
    var ingredients: [Ingredient]
    var steps: [String]

    init(
        id: UUID = UUID(),
        title: String,
        summary: String = "",
        servings: Int = 2,
        minutes: Int = 30,
        difficulty: Difficulty = .easy,
        ingredients: [Ingredient] = [],
        steps: [String] = []
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.servings = servings
        self.minutes = minutes
        self.difficulty = difficulty
        self.ingredients = ingredients
        self.steps = steps
    }

    enum Difficulty: String, Codable, CaseIterable, Identifiable {
        case easy, medium, hard

        var id: Self { self }

        var label: String {
            switch self {
            case .easy: "Easy"
            case .medium: "Medium"
            case .hard: "Takes a while"
            }
        }
    }

    struct Ingredient: Identifiable, Hashable, Codable {
        enum Unit: String, Codable, CaseIterable {
            case gram = "g"
            case millilitre = "ml"
            case cup
            case tablespoon = "tbsp"
            case piece = ""
        }

        let id: UUID
        var name: String
        var quantity: Double
        var unit: Unit

        init(id: UUID = UUID(), name: String, quantity: Double, unit: Unit = .piece) {
            self.id = id
            self.name = name
            self.quantity = quantity
            self.unit = unit
        }

        func scaled(by factor: Double) -> Ingredient {
            var copy = self
            copy.quantity = (quantity * factor * 10).rounded() / 10
            return copy
        }

        var displayQuantity: String {
            let amount = quantity.formatted(.number.precision(.fractionLength(0...1)))
            return unit == .piece ? amount : "\(amount) \(unit.rawValue)"
        }
    }
}

extension Recipe {
    static let blank = Recipe(title: "")

    static let samples: [Recipe] = [
        Recipe(
            title: "Weeknight Pasta",
            summary: #"The "emergency" pasta: pantry only, done in \#(20) minutes."#,
            servings: 2,
            minutes: 20,
            ingredients: [
                Ingredient(name: "spaghetti", quantity: 200, unit: .gram),
                Ingredient(name: "garlic cloves", quantity: 3),
                Ingredient(name: "olive oil", quantity: 3, unit: .tablespoon),
            ],
            steps: [
                "Boil the pasta in well-salted water.",
                """
                Warm the oil with the sliced garlic over low heat; \
                stop before it browns.
                """,
                "Toss, loosen with pasta water, serve.",
            ]
        ),
        Recipe(
            title: "Overnight Oats",
            summary: "Breakfast that makes itself.",
            servings: 1,
            minutes: 5,
            ingredients: [
                Ingredient(name: "rolled oats", quantity: 50, unit: .gram),
                Ingredient(name: "milk", quantity: 150, unit: .millilitre),
            ],
            steps: ["Mix.", "Refrigerate overnight."]
        ),
    ]
}
