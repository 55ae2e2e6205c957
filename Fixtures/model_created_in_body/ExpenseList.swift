import CoreData
import SwiftUI

/// An editor that saves an `Expense` (the entity the list fetches) while it is pushed.
@MainActor
final class ExpenseEditorModel: ObservableObject {
    @Published var title = ""
    @Published var isDone = false
    private let expense: Expense?
    private let context: NSManagedObjectContext

    init(expense: Expense? = nil, context: NSManagedObjectContext) {
        self.expense = expense
        self.context = context
    }

    func save() {
        let expense = expense ?? Expense(context: context)
        expense.title = title
        try? context.save()
        isDone = true
    }
}

struct ExpenseEditor: View {
    @ObservedObject var model: ExpenseEditorModel

    var body: some View {
        Form {
            TextField("Title", text: $model.title)
            Button("Save") { model.save() }
        }
        .disabled(model.isDone)
    }
}

/// An editor of another entity: saving a `Payee` changes nothing the expense list fetches.
@MainActor
final class PayeeEditorModel: ObservableObject {
    @Published var name = ""
    private let context: NSManagedObjectContext

    init(context: NSManagedObjectContext) { self.context = context }

    func save() {
        let payee = Payee(context: context)
        payee.name = name
        try? context.save()
    }
}

struct PayeeEditor: View {
    @ObservedObject var model: PayeeEditorModel

    var body: some View {
        TextField("Name", text: $model.name)
        Button("Save") { model.save() }
    }
}

struct ExpenseList: View {
    @Environment(\.managedObjectContext) private var viewContext
    @FetchRequest(sortDescriptors: []) private var expenses: FetchedResults<Expense>

    var body: some View {
        List(expenses) { expense in
            NavigationLink(expense.title ?? "") {
                ExpenseEditor(model: ExpenseEditorModel(expense: expense, context: viewContext)) // expect: model_created_in_body
            }
        }
    }
}

/// Fetches `Currency` objects, which no code of the app writes: nothing runs its body again.
struct CurrencyList: View {
    @Environment(\.managedObjectContext) private var viewContext
    @FetchRequest(sortDescriptors: []) private var currencies: FetchedResults<Currency>

    var body: some View {
        List(currencies) { currency in Text(currency.code ?? "") }
            .toolbar {
                NavigationLink("Payee") {
                    PayeeEditor(model: PayeeEditorModel(context: viewContext))
                }
            }
    }
}
