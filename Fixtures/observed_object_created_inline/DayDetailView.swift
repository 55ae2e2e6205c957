import SwiftUI

/// The initializer creates the object: a fresh one on every re-render of the parent.
struct DayDetailView: View {
    @ObservedObject var model: DayDetailModel // expect: observed_object_created_inline

    init(day: String) {
        self.model = DayDetailModel(day: day)
    }

    var body: some View {
        Text(model.summary)
    }
}

/// The same through the wrapper's storage.
struct DaySummaryView: View {
    @ObservedObject private var model: DayDetailModel // expect: observed_object_created_inline

    init(day: String) {
        _model = ObservedObject(wrappedValue: DayDetailModel(day: day))
    }

    var body: some View {
        Text(model.day + model.summary)
    }
}

/// Passed in by the parent: the parent owns it.
struct DayRow: View {
    @ObservedObject var model: DayDetailModel

    init(model: DayDetailModel) {
        _model = ObservedObject(wrappedValue: model)
    }

    var body: some View {
        Text(model.summary)
    }
}

/// Builds its object only when the caller passes none: `WeatherScreen` passes none.
struct DayNotesView: View {
    @ObservedObject private var model: DayDetailModel // expect: observed_object_created_inline

    init(model: DayDetailModel? = nil) {
        _model = ObservedObject(wrappedValue: model ?? DayDetailModel(day: "Mon"))
    }

    var body: some View {
        Text(model.summary)
    }
}

/// The same initializer, but every caller passes its own object.
struct DayHeaderView: View {
    @ObservedObject private var model: DayDetailModel

    init(model: DayDetailModel? = nil) {
        _model = ObservedObject(wrappedValue: model ?? DayDetailModel(day: "Mon"))
    }

    var body: some View {
        Text(model.day)
    }
}
