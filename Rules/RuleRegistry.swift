import ObservationLintCore

/// Every rule, in catalog order: by group (the default groups first, SPEC §9), then by
/// category. The CLI, the example tests and SARIF read this list.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        // correctness
        ViewWrapperOutsideView(),
        LocalViewWrapper(),
        PublishedMutatedOffMain(),
        ObservableMutatedOffMain(),
        PropertyWrapperInObservable(),
        ObservableWrapperMismatch(),
        EnvironmentObjectNotInjected(),
        StateMutationInBody(),
        // suspicious
        StateInitializedFromOutside(),
        StateObjectInitializedFromOutside(),
        ObservedObjectCreatedInline(),
        ObservableCreatedInViewProperty(),
        UnobservedModelInView(),
        ModelCreatedInBody(),
        MissingPublished(),
        NestedObservableObject(),
        UntrackedObservableRead(),
        StateObservableInitSideEffects(),
        ObservationTrackingOnce(),
        EnvironmentObjectCreatedInline(),
        StaleStateCopy(),
        // style
        PrivateState(),
        // pedantic
        StateInitializedFromParameter(),
        ObservableObjectMainActor(),
        ObservedObjectInClass(),
        ObservableAndObservableObject(),
        BindingToObservable(),
        // performance
        UnreadObservedObject(),
        PublishedNeverRead(),
    ]
}
