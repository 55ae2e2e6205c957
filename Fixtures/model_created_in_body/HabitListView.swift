import SwiftUI

struct HabitListView: View {
    @EnvironmentObject private var store: HabitStore
    @State private var reminderHabit: Habit?
    @State private var isWritingNote = false
    @State private var pendingDetail: HabitDetailModel?

    var body: some View {
        NavigationStack {
            List {
                Section("Today") {
                    ForEach(store.habits) { habit in
                        HabitRow(model: HabitRowModel(habit: habit)) // expect: model_created_in_body
                    }
                }
                Section("Cached") {
                    ForEach(store.habits) { habit in
                        HabitRow(model: store.rowModel(for: habit))
                    }
                }
                Section("Details") {
                    ForEach(store.habits) { habit in
                        NavigationLink {
                            HabitDetailView(model: HabitDetailModel(habit: habit)) // expect: model_created_in_body
                        } label: {
                            Text(habit.title)
                        }
                    }
                }
            }
            .navigationTitle("Habits")
            .task { await store.syncForever() }
            .toolbar {
                Button("Add") {
                    store.add(.blank)
                    pendingDetail = HabitDetailModel(habit: .blank)
                }
                Button("Note") { isWritingNote = true }
            }
            .sheet(item: $reminderHabit) { habit in
                ReminderEditor(model: ReminderModel(habit: habit))
            }
            .sheet(isPresented: $isWritingNote) {
                NoteEditor(model: .init(text: "")) // expect: model_created_in_body
            }
            .sheet(item: $pendingDetail) { model in
                HabitDetailView(model: model)
            }
        }
    }
}
