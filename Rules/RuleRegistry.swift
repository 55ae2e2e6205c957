import ObservationLintCore

/// Every rule, in catalog order. The CLI, the example tests and SARIF read this list.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        // Ownership
        StateInitializedFromOutside(),
        StateObjectInitializedFromOutside(),
        ObservedObjectCreatedInline(),
        ObservableCreatedInViewProperty(),
        UnobservedModelInView(),
        BindingToObservable(),
        ModelCreatedInBody(),
        ViewWrapperOutsideView(),
        PrivateState(),
        // ObservableObject models
        MissingPublished(),
        NestedObservableObject(),
        PublishedMutatedOffMain(),
        // Observation (@Observable) models
        UntrackedObservableRead(),
        PropertyWrapperInObservable(),
        ObservableWrapperMismatch(),
        StateObservableInitSideEffects(),
        ObservationTrackingOnce(),
        // Environment
        EnvironmentObjectNotInjected(),
        EnvironmentObjectCreatedInline(),
        // View updates
        StateMutationInBody(),
        // Opt-in (performance and strictness)
        UnreadObservedObject(),
        ObservableObjectMainActor(),
        PublishedNeverRead(),
    ]
}
