import Foundation
import ObservationSyntax

/// One declaration of a type (its primary declaration or an extension) and the file it is in.
public struct TypeDeclaration: Sendable {
    public let file: Int
    public let decl: TypeDecl
}

/// What a type is for observation.
public struct ObservationTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    /// An `@Observable` (or SwiftData `@Model`) class, or a class conforming to `Observable`.
    public static let observable = ObservationTraits(rawValue: 1 << 0)
    /// Conforms to `ObservableObject` directly, through a superclass, or through a protocol
    /// that refines it.
    public static let observableObject = ObservationTraits(rawValue: 1 << 1)
    public static let view = ObservationTraits(rawValue: 1 << 2)
    public static let app = ObservationTraits(rawValue: 1 << 3)
    public static let viewModifier = ObservationTraits(rawValue: 1 << 4)
    public static let dynamicProperty = ObservationTraits(rawValue: 1 << 5)
    public static let previewProvider = ObservationTraits(rawValue: 1 << 6)
    public static let scene = ObservationTraits(rawValue: 1 << 8)
}

/// A nominal type of the project with its extensions merged.
///
/// Its parts live in one immutable box: a `TypeInfo` is copied constantly (out of the
/// type table, into parameters and results), and a copy retains one box instead of every
/// array, dictionary and string. Setting a part (only while the index is built) boxes anew.
public struct TypeInfo: Sendable {
    private final class Parts: Sendable {
        let name: String
        let kind: TypeDeclKind?
        let declarations: [TypeDeclaration]
        let inherited: [String]
        let traits: ObservationTraits
        let keeperChainsOfHandedOn: [String: [ModelHandOn]]

        init(
            name: String, kind: TypeDeclKind?, declarations: [TypeDeclaration], inherited: [String],
            traits: ObservationTraits, keeperChainsOfHandedOn: [String: [ModelHandOn]]
        ) {
            self.name = name
            self.kind = kind
            self.declarations = declarations
            self.inherited = inherited
            self.traits = traits
            self.keeperChainsOfHandedOn = keeperChainsOfHandedOn
        }

        func with(
            kind: TypeDeclKind?? = nil, declarations: [TypeDeclaration]? = nil, inherited: [String]? = nil,
            traits: ObservationTraits? = nil, keeperChainsOfHandedOn: [String: [ModelHandOn]]? = nil
        ) -> Parts {
            Parts(
                name: name, kind: kind ?? self.kind, declarations: declarations ?? self.declarations,
                inherited: inherited ?? self.inherited, traits: traits ?? self.traits,
                keeperChainsOfHandedOn: keeperChainsOfHandedOn ?? self.keeperChainsOfHandedOn)
        }
    }

    private var parts: Parts

    init(
        name: String, kind: TypeDeclKind?, declarations: [TypeDeclaration], inherited: [String],
        traits: ObservationTraits, keeperChainsOfHandedOn: [String: [ModelHandOn]] = [:]
    ) {
        parts = Parts(
            name: name, kind: kind, declarations: declarations, inherited: inherited, traits: traits,
            keeperChainsOfHandedOn: keeperChainsOfHandedOn)
    }

    /// Qualified name (`Outer.Inner`).
    public var name: String { parts.name }
    /// The kind of the primary declaration; nil when only extensions were analyzed.
    public internal(set) var kind: TypeDeclKind? {
        get { parts.kind }
        set { parts = parts.with(kind: .some(newValue)) }
    }
    /// The primary declaration first, then the extensions.
    public internal(set) var declarations: [TypeDeclaration] {
        get { parts.declarations }
        set { parts = parts.with(declarations: newValue) }
    }
    /// Inherited and conformed-to names from every declaration, resolved to project types
    /// where possible.
    public internal(set) var inherited: [String] {
        get { parts.inherited }
        set { parts = parts.with(inherited: newValue) }
    }
    public internal(set) var traits: ObservationTraits {
        get { parts.traits }
        set { parts = parts.with(traits: newValue) }
    }
    /// For a `public` view a local package exports: its plain stored properties its
    /// package's index found only passed on to a descendant keeping them in
    /// `@State`/`@StateObject`, with that chain (`keeperChain`); the package's internal
    /// views are not visible to the projects that import it.
    public internal(set) var keeperChainsOfHandedOn: [String: [ModelHandOn]] {
        get { parts.keeperChainsOfHandedOn }
        set { parts = parts.with(keeperChainsOfHandedOn: newValue) }
    }

    public var isClass: Bool { kind == .class }
    public var isValueType: Bool { kind == .struct || kind == .enum }
    public var isObservable: Bool { traits.contains(.observable) }
    public var isObservableObject: Bool { traits.contains(.observableObject) }
    public var isView: Bool { traits.contains(.view) }

    /// Every stored and computed property across the declarations.
    /// Built in one array of the right size (asked for constantly: a `flatMap` built one
    /// array per declaration and grew the result).
    public var properties: [(file: Int, property: Property)] {
        var result: [(file: Int, property: Property)] = []
        result.reserveCapacity(declarations.reduce(0) { $0 + $1.decl.properties.count })
        for declaration in declarations {
            for property in declaration.decl.properties { result.append((declaration.file, property)) }
        }
        return result
    }

    public var functions: [(file: Int, function: FunctionDecl)] {
        var result: [(file: Int, function: FunctionDecl)] = []
        result.reserveCapacity(declarations.reduce(0) { $0 + $1.decl.functions.count })
        for declaration in declarations {
            for function in declaration.decl.functions { result.append((declaration.file, function)) }
        }
        return result
    }

    /// The same type with its declarations' files renumbered (moving it to another index).
    public func renumberingFiles(_ position: (Int) -> Int) -> TypeInfo {
        var moved = self
        moved.declarations = declarations.map { TypeDeclaration(file: position($0.file), decl: $0.decl) }
        moved.keeperChainsOfHandedOn = keeperChainsOfHandedOn.mapValues { chain in chain.map { $0.renumberingFiles(position) } }
        return moved
    }

    public func property(named name: String) -> (file: Int, property: Property)? {
        for declaration in declarations {
            if let property = declaration.decl.properties.first(where: { $0.name == name }) {
                return (declaration.file, property)
            }
        }
        return nil
    }
}

/// What a type a property holds is, as far as the analysis can tell.
public enum ModelKind: Sendable, Hashable {
    case observable, observableObject, both, plainClass, valueType, unknown

    /// A project class: a holder keeps a reference while its fields change.
    public var isClass: Bool { isModel || self == .plainClass }

    /// A class observation knows (`@Observable`, `ObservableObject`).
    public var isModel: Bool { self == .observable || self == .observableObject || self == .both }
}

/// The project index: every file's declarations, every nominal type with its extensions
/// merged and what it is for observation, and project-wide facts rules need (which model
/// members views read, which types are injected into the environment). Built once, before
/// any rule runs; read-only afterwards (so shared by the rules' threads). A class: every
/// rule context holds it, and a copy of a value this size costs a retain per field.
public final class ProjectIndex: @unchecked Sendable {
    public let files: [ParsedFile]
    public let types: TypeTable
    public let defaultIsolationIsMainActor: Bool
    /// The `NonisolatedNonsendingByDefault` upcoming feature (SE-0461) is on: a nonisolated
    /// `async` function runs on its caller's actor.
    public let nonisolatedNonsendingByDefault: Bool
    /// The files every Xcode target that builds them compiles without that feature, though
    /// another target of the project turns it on (`TargetIsolationSetting.filesCompiledWithout`).
    let filesCompiledWithoutNonsending: Set<Int>
    /// The files every Xcode target that builds them compiles without `MainActor` default
    /// isolation, though another target of the project sets it.
    let filesCompiledWithoutMainActorDefault: Set<Int>
    /// Per file, the Xcode targets that compile it (`XcodeBuildTargets`); nil where no Xcode
    /// project lists the file (or build settings are not read).
    public let buildTargets: [FileBuildTargets?]
    /// Per file, the folder of the SwiftPM target that compiles it (`LintEngine.packageTargetFolders`);
    /// nil where not known.
    public let packageTargets: [String?]
    /// The off-main writes of the local packages' public models, in the packages' files, as
    /// each package's own index finds them (`exportedOffMainWrites`), asked for per model.
    let packageOffMainWrites: [ExportedOffMainWrites]
    /// `importedOffMainWrites`, once.
    let importedOffMainWritesOnce = OnDemand<[OffMainWrite]>()
    /// `publicTypes`, once.
    let publicTypesOnce = OnDemand<[String: TypeInfo]>()
    /// `offMainWrites(of:)` by model name.
    let offMainWritesByModel = Memo<String, [OffMainWrite]>()
    /// The local packages' files where this project's views may give a finding its witness
    /// (SPEC §9: they observe the package's models, which the package's own run cannot
    /// see): those holding the off-main writes their packages exported
    /// (`importedOffMainWrites`) of models observed here (`isObservedByViews`), and those
    /// declaring a package's model class observed here.
    public var packageFilesWitnessedHere: Set<Int> {
        func isObservedHere(_ type: TypeInfo) -> Bool { !isOwn(type) && isObservedByViews(type) }
        var result = Set<Int>()
        for write in importedOffMainWrites {
            result.insert(write.model.write.site.file)
        }
        for type in types.values where type.isClass && (type.isObservableObject || type.isObservable) && isObservedHere(type) {
            result.formUnion(type.declarations.map(\.file).filter(domains.isPackage))
        }
        return result
    }
    /// Where code runs (`executionContext(at:)`), worked out once per type and body.
    let isolationFacts = IsolationFacts()
    let typeAliases: [String: String]
    /// Names declared more than once by declarations that disagree (kind or inheritance):
    /// unknown, so rules stay silent on them (SPEC §9).
    let ambiguousTypes: Set<String>
    /// Which types are private to a file, which files are the local packages'.
    let domains: TypeDomains
    /// Name lookup over `types` (built once: it holds the tables' references).
    private let resolver: TypeResolver
    /// The positions of the project's own files (not its local packages'): the files the
    /// fact passes read and rules report on.
    let ownFiles: [Int]
    /// Each file's position in `files`.
    private let fileIndexByFile: [ObjectIdentifier: Int]
    /// What follows each `.` of the qualified type and alias names (`B.C` and `C` for
    /// `A.B.C`): the only names a lookup from inside a scope can find nested.
    let nestedNameSuffixes: Set<String>
    /// The project types that directly inherit from or conform to each project type.
    let subtypes: [String: [String]]
    /// Every name some code of the project reads (`x.name`, `name`, `$name`, `\.name`);
    /// writes, declarations and labels are not reads. Names only, across all types.
    /// Computed on first use (`isRead(memberNamed:)` answers the index's usual questions
    /// without it).
    public var readMemberNames: Set<String> { allReadNames.value }
    private let allReadNames: Lazy<Set<String>>
    /// `memberAccesses(of:)` by type name: several rules ask for the same models.
    let memberAccessesByType = Memo<String, MemberAccesses>()
    /// Whether a site runs off the main thread in one of its contexts (`runContexts(at:)`), for
    /// the off-main writes' candidates, per site.
    let runsOffMainBySite = Memo<TokenLocation, Bool>()
    /// The first off-main context of a site (`offMainContext(at:)`), for the off-main writes.
    let offMainContextBySite = Memo<TokenLocation, ExecutionContext?>()
    /// `initializerEffect(ofConstructing:call:in:)` per construction.
    let initializerEffectsByConstruction = Memo<ConstructionKey, InitializerEffect?>()
    /// `referenceType(ofWriteAt:)` per site.
    let referenceTypeBySite = Memo<TokenLocation, String?>()
    /// `resultReads(ofMethod:in:)` by type name, then method name.
    let resultReadsByType = Memo<String, [String: [ResultRead]]>()
    /// `changingMembers(of:)` by type name.
    let changingMembersByType = Memo<String, Set<String>>()
    /// `stateChangingFunctions(of:)` by type name.
    let stateChangingFunctionsByType = Memo<String, Set<String>>()
    /// `functionsChangingLater(of:)` by type name.
    let laterChangingFunctionsByType = Memo<String, Set<String>>()
    /// `changes(of:)` and `forwardings(of:)` by type name.
    let changesByType = Memo<String, TypeChanges>()
    /// `offMainWrites(inFile:)` for every file.
    let offMainWritesByFile = OnDemand<[Int: [OffMainWrite]]>()
    let forwardingsByType = Memo<String, [Forwarding]>()
    /// `changeFlows(of:)` by type name.
    let changeFlowsByType = Memo<String, ChangeFlows>()
    /// `objectHolders(of:)` and `objectCollectionHolders(of:)` by type name: asked per
    /// field write a rule follows.
    let objectHoldersByType = Memo<String, Set<String>>()
    let objectCollectionHoldersByType = Memo<String, Set<String>>()
    /// The shapes of declared property types by their text (`declaredShape(of:in:scope:)`:
    /// asked for the same properties by many facts, each parse building its shape anew).
    let typeShapesByText = Memo<String, TypeShape>()
    /// `announcingProperties(of:)` by type name.
    let announcingPropertiesByType = Memo<String, Set<String>>()
    /// Names of types outside the project that its code shows to be classes
    /// (`classesOutsideProject`), found on first use.
    let classesOutsideProjectNames = OnDemand<Set<String>>()
    /// The calls by callee name (`calls(named:index:)`, `memberCalls(named:)`), found on first use.
    let callTables = OnDemand<CallTables>()
    /// The types declaring each member name (`typesDeclaring(member:)`), found on first use.
    let membersDeclaredByName = OnDemand<[String: [String]]>()
    /// Where code names each function name (`namedFunctions`), and the call tables of a
    /// whole program (`FunctionNameScan`), found on first use.
    let functionNameScanOnce = OnDemand<FunctionNameScan>()
    /// How code names a function at each place `mayReference(_:of:)` looked at.
    let functionReferences = Memo<TokenLocation, FunctionReference>()
    /// Which methods `neverRuns(_:of:)` found unreachable, by name token.
    let methodReachability = MethodReachability()
    /// `isWholeProgram`, found on first use.
    let wholeProgram = OnDemand<Bool>()
    /// `mergedApps`, found on first use.
    let mergedAppsValue = OnDemand<[String]>()
    /// `neverRunsInApp(file:)` by file position, found on first use.
    let filesOutsideApp = OnDemand<[Bool]>()
    /// `setterNeverRuns(_:of:)` by type and property.
    let setterNeverRunsByProperty = Memo<SetterKey, Bool>()
    /// `bindingOrKeyPathUses`, found on first use.
    let bindingOrKeyPathUsesTable = OnDemand<[String: [BindingOrKeyPathUse]]>()
    /// `runsWhileCalled(_:in:)`'s table, built on first use: the parameters of each
    /// project function taking a closure, by name; nil for a name some function of which
    /// takes none.
    let closureTakingFunctions = OnDemand<[String: [[ClosureSlot]]?]>()
    /// `protocolValues(of:)` by protocol name.
    let protocolValuesByName = Memo<String, OptionalProtocolValues>()
    /// `freshModel(returnedBy:in:owner:)` by the function's body.
    let freshModelsByFunction = Memo<TokenLocation, OptionalFreshModel>()
    /// `freshModelView(returnedBy:in:code:scope:parameters:)` by the called function's body.
    let freshModelViewsByFunction = Memo<TokenLocation, OptionalFreshModelView>()
    /// The names of project functions declared to return a view, found on first use.
    let viewFactoryNames = OnDemand<NameTable>()
    /// The Swinject factory registrations by registered type, found on first use.
    let swinjectRegistrations = OnDemand<[String: [SwinjectRegistration]]>()
    /// `isBuiltOnlyInPreviews(_:)` by view name.
    let previewOnlyViews = Memo<String, Bool>()
    /// `callSites(of:ownedBy:)` by the function's body: `runContexts(at:)` asks for the
    /// callers of one function from each write in it.
    let callSitesByFunction = Memo<BodyKey, [TokenLocation]>()
    /// The contexts of the calls of a body that runs where it is called (`runContexts(at:)`).
    let callerContextsByBody = Memo<BodyKey, [CallerContext]>()
    /// The calls made without `await` that run off the main thread, of a synchronous
    /// main-actor function (`runContexts(at:)`).
    let unawaitedOffMainCallsByBody = Memo<BodyKey, [CallerContext]>()
    /// `presentedViews(of:)` by the presented site.
    let presentedViewsBySite = Memo<TokenLocation, Set<String>>()
    /// `sceneRoots(of:)` by view.
    let sceneRootsByView = Memo<String, Set<TokenLocation>?>()
    /// `cover(of:)` by the presented site.
    let coverBySite = Memo<TokenLocation, PresentationCover?>()
    /// `dominatingSites(of:)` by view.
    let dominatingSitesByView = Memo<String, [String: Set<TokenLocation>]?>()
    /// `startingViews(of:)` by location.
    let startingViewsByLocation = Memo<TokenLocation, StartingViews?>()
    /// `platforms(at:)`: each file's `#if os(…)` clauses.
    let platformChangesByFile = Memo<Int, [(token: Int, platforms: Platforms)]>()
    /// `codeContexts(inFile:)` by file.
    let codeContextsByFile = Memo<Int, CodeContexts>()
    /// The render reads of each model (`renderReads(of:)`), found on first use.
    let renderReadsByModel = OnDemand<[String: [RenderRead]]>()
    /// What the environment walk asks of the project, whichever objects it follows.
    let environmentWalkFacts = OnDemand<EnvironmentWalkFacts>()
    /// The environment walk's coverage by the providers of an object (nil: none can be placed).
    let environmentCoverages = Memo<[ObjectIdentifier], EnvironmentCoverage?>()
    /// `environmentReaderReach(of:kind:)`, by model type and injection kind.
    let environmentReaderReaches = Memo<String, EnvironmentReaderReach>()
    /// Every project function (members and extensions), by simple name.
    let projectFunctionsByName = OnDemand<[String: [(file: Int, function: FunctionDecl)]]>()
    /// `reRenderTriggers(of:)` and `ownReRenderTriggers(of:)` by type name, and the render
    /// reads by the view whose code starts them.
    let reRenderTriggersByType = Memo<String, [ReRenderTrigger]>()
    let ownReRenderTriggersByType = Memo<String, [ReRenderTrigger]>()
    let renderReadsByViewTable = OnDemand<[String: [RenderRead]]>()
    let fetchedEntityWritesTable = OnDemand<[String: [FetchedEntityWrite]]>()
    /// `makesOwnModelContexts`, found on first use.
    let ownModelContextsOnce = OnDemand<Bool>()
    /// `stateCopies(of:)` by view name.
    let stateCopiesByType = Memo<String, [StateCopy]>()
    /// For `fieldsRead(throughMember:of:among:)`: the model's members each of its members names, by model name.
    let stateCopyReachByModel = Memo<String, [String: [String]]>()
    /// `loss(ofRebuilding:)`'s state part by type name.
    let changedStateByType = Memo<String, [StateChange]>()
    /// `ViewCode.renderingBodies(of:index:)` by type name.
    let renderingBodiesByType = Memo<String, [RenderingBody]>()
    /// Answers of the rules' support code that several rules ask for.
    public let sharedAnswers = SharedAnswers()
    /// The types of the project's global variables (`globalVariableType(named:)`), found on first use.
    let globalVariableTypes = OnDemand<[String: String]>()
    /// The types of the project's `EnvironmentValues` members (`environmentValueType(named:)`), found on first use.
    let environmentValueTypes = OnDemand<[String: String]>()
    /// `ParsedFile.scopes(in:)` by file and body: the view facts, rendering code, the view
    /// graph and member accesses read the same bodies.
    private let scopesByBody = Memo<BodyLocation, BodyScopes>()
    /// `ParsedFile.memberChains(in:)` of a type declaration's members, by file and range:
    /// asked once per property a model holds.
    private let memberChainsByDeclaration = Memo<BodyLocation, [MemberChain]>()
    /// `ViewCode.role(of:in:index:)` by file and closure.
    private let closureRolesByScope = Memo<ScopeLocation, ClosureRole>()
    /// The names of `@Published` properties, and those of them some code reads: the names
    /// `isRead(memberNamed:)` answers from the index (the pass that finds them skips other
    /// names).
    private var publishedNames: Set<String> = []
    private var readPublishedNames: Set<String> = []
    /// The stored properties of views and apps that hold each project type, by the held
    /// type's qualified name.
    public private(set) var modelHolders: [String: [ModelHolder]] = [:]
    /// Model reads by views, by the model's qualified type name.
    public private(set) var viewReads: [String: [ViewModelRead]] = [:]
    /// Model member mutations made through views' references, by the model's type name.
    public private(set) var viewMutations: [String: [ViewModelMutation]] = [:]
    /// Every `.environmentObject(x)`, `.environment(x)` and delegate adaptor of the project,
    /// previews included, in file order.
    public private(set) var environmentInjections: [EnvironmentInjection] = []
    /// Positions in `environmentInjections` by provided type, and of those whose type is unknown.
    private(set) var injectionsByProvidedType: [String: [Int]] = [:]
    private(set) var injectionsOfUnknownType: [Int] = []
    /// Every construction site of every project view (SPEC §9, "The view graph"), found on
    /// demand: only the views rules ask about are looked up.
    public private(set) var viewGraph: ViewGraph!
    /// Where project type names and changed members occur (see `references(toTypeNamed:)`).
    private(set) var nameReferences = NameReferences()
    /// The project's top-level functions by name, with their files, in file order.
    let topLevelFunctions: [String: [(file: Int, function: FunctionDecl)]]
    /// Threads for facts computed for every type at once (`jobs` of the initializer).
    let jobs: Int
    /// For each file, `typeDeclarations(in:)`, computed once (rules ask for it per file).
    let fileTypeDeclarations: [[(decl: TypeDecl, info: TypeInfo)]]

    /// `jobs`: threads for the passes over every file (0: all cores). `isPackageFile` marks
    /// the files of the local packages the project uses (SPEC §9): the index holds them for
    /// notes to point into, and sees their `importedTypes` only — each package's `public`
    /// and `open` types as its own index made them (`publicTypes`), with declarations at
    /// positions in `files`. A project's own type shadows an imported one of the same name.
    /// `packageOffMainWrites`: the packages' `exportedOffMainWrites`, likewise.
    public init(
        files: [ParsedFile], isPackageFile: [Bool] = [], importedTypes: [String: TypeInfo] = [:],
        packageOffMainWrites: [ExportedOffMainWrites] = [],
        defaultIsolationIsMainActor: Bool = false, nonisolatedNonsendingByDefault: Bool = false,
        filesCompiledWithoutNonsending: Set<Int> = [], filesCompiledWithoutMainActorDefault: Set<Int> = [],
        buildTargets: [FileBuildTargets?] = [], packageTargets: [String?] = [], jobs: Int = 0
    ) {
        let jobs = jobs > 0 ? jobs : ProcessInfo.processInfo.activeProcessorCount
        var builder = TypeTableBuilder(domains: TypeDomains(isPackageFile: isPackageFile), imported: importedTypes)
        var aliases: [String: String] = [:]
        for (fileIndex, file) in files.enumerated() {
            if !builder.domains.isPackage(fileIndex) { builder.add(file.types, file: fileIndex, in: file, enclosing: nil) }
            for alias in file.typeAliases { if let target = alias.target { aliases[alias.name] = target.text } }
            for type in file.types { collectAliases(type, into: &aliases) }
        }
        let (typeDictionary, ambiguous) = builder.finish(aliases: aliases, files: files)
        let types = TypeTable(typeDictionary)
        let domains = builder.domains
        self.files = files
        self.jobs = jobs
        self.types = types
        self.ambiguousTypes = ambiguous
        self.domains = domains
        self.fileIndexByFile = Dictionary(uniqueKeysWithValues: files.enumerated().map { (ObjectIdentifier($1), $0) })
        self.typeAliases = aliases
        self.defaultIsolationIsMainActor = defaultIsolationIsMainActor
        self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
        self.filesCompiledWithoutNonsending = filesCompiledWithoutNonsending
        self.filesCompiledWithoutMainActorDefault = filesCompiledWithoutMainActorDefault
        self.buildTargets = buildTargets.count == files.count ? buildTargets : Array(repeating: nil, count: files.count)
        self.packageTargets = packageTargets.count == files.count ? packageTargets : Array(repeating: nil, count: files.count)
        self.packageOffMainWrites = packageOffMainWrites
        let suffixes = TypeResolver.nestedNameSuffixes(of: [types.keys.map { $0 }, Array(aliases.keys)].joined())
        self.nestedNameSuffixes = suffixes
        // Each type's direct subtypes by name (sorting each short list, not the whole table).
        var subtypes: [String: [String]] = [:]
        for info in types.values {
            for parent in info.inherited where types[parent] != nil && parent != info.name {
                subtypes[parent, default: []].append(info.name)
            }
        }
        self.subtypes = subtypes.mapValues { $0.sorted() }
        var topLevelFunctions: [String: [(file: Int, function: FunctionDecl)]] = [:]
        for (fileIndex, file) in files.enumerated() {
            for function in file.functions { topLevelFunctions[function.name, default: []].append((fileIndex, function)) }
        }
        self.topLevelFunctions = topLevelFunctions
        // Facts come from the project's own files: a local package cannot name its types.
        let ownFiles = files.indices.filter { !domains.isPackage($0) }
        self.ownFiles = ownFiles
        self.allReadNames = Lazy { MemberReadCollector.collect(ownFiles.map { files[$0] }, jobs: 1) }
        let resolver = TypeResolver(
            types: typeDictionary, aliases: aliases, ambiguous: ambiguous, domains: domains, nestedNameSuffixes: suffixes,
            variantKeys: builder.variantKeys)
        self.resolver = resolver
        self.fileTypeDeclarations = parallelMap(Array(files.indices), jobs: jobs) { fileIndex in
            var result: [(decl: TypeDecl, info: TypeInfo)] = []
            guard !domains.isPackage(fileIndex) else { return result }
            func visit(_ decls: [TypeDecl], enclosing: String?) {
                for decl in decls {
                    let name = resolver.key(of: decl, file: fileIndex, enclosing: enclosing)
                    if let info = types[name] { result.append((decl, info)) }
                    visit(decl.nestedTypes, enclosing: TypeTableBuilder.enclosingKey(of: decl, key: name))
                }
            }
            visit(files[fileIndex].types, enclosing: nil)
            return result
        }

        // The facts from code need name resolution and closure roles: the collectors read
        // the index as it is now, with the type tables and no facts yet.
        let facts = ViewFactsCollector.collect(self, jobs: jobs)
        let injections = EnvironmentInjectionCollector.collect(self, jobs: jobs)
        let references = NameReferences.collect(files: files, scanned: ownFiles, types: typeDictionary, jobs: jobs)
        let holders = ModelHolderCollector.collect(self, jobs: jobs)
        let published = Set(types.values.lazy.flatMap(\.declarations).flatMap(\.decl.properties)
            .filter { $0.attributes.contains(named: "Published") }.map(\.name))
        let readPublished = MemberReadCollector.collect(ownFiles.map { files[$0] }, jobs: jobs, only: NameTable(published))

        viewReads = facts.reads
        viewMutations = facts.mutations
        environmentInjections = injections
        var byType: [String: [Int]] = [:]
        var unknownType: [Int] = []
        for (position, injection) in injections.enumerated() {
            if let type = injection.providedType { byType[type, default: []].append(position) } else { unknownType.append(position) }
        }
        injectionsByProvidedType = byType
        injectionsOfUnknownType = unknownType
        nameReferences = references
        viewGraph = ViewGraph(index: self, references: references, jobs: jobs)
        modelHolders = holders
        publishedNames = published
        readPublishedNames = readPublished
    }

    /// Whether some code of the project reads a name (`readMemberNames.contains(name)`).
    public func isRead(memberNamed name: String) -> Bool {
        if publishedNames.contains(name) { return readPublishedNames.contains(name) }
        return readMemberNames.contains(name)
    }

    // MARK: - Environment injections

    /// The environment injections in one file, in the order of `environmentInjections`.
    public func environmentInjections(inFile file: Int) -> ArraySlice<EnvironmentInjection> {
        // `environmentInjections` is in file order.
        var low = 0
        var high = environmentInjections.count
        while low < high {
            let middle = (low + high) / 2
            if environmentInjections[middle].file < file { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < environmentInjections.count, environmentInjections[end].file == file { end += 1 }
        return environmentInjections[low..<end]
    }

    /// The injections that may provide `type` (`EnvironmentInjection.mayProvide`): those
    /// whose static type is `type` and those whose type is unknown, in the order of
    /// `environmentInjections`.
    public func environmentInjections(mayProvide type: String) -> [EnvironmentInjection] {
        let known = injectionsByProvidedType[type] ?? []
        var positions: [Int] = []
        positions.reserveCapacity(known.count + injectionsOfUnknownType.count)
        var (knownIndex, unknownIndex) = (0, 0)
        while knownIndex < known.count || unknownIndex < injectionsOfUnknownType.count {
            if unknownIndex == injectionsOfUnknownType.count
                || knownIndex < known.count && known[knownIndex] < injectionsOfUnknownType[unknownIndex]
            {
                positions.append(known[knownIndex])
                knownIndex += 1
            } else {
                positions.append(injectionsOfUnknownType[unknownIndex])
                unknownIndex += 1
            }
        }
        return positions.map { environmentInjections[$0] }
    }

    // MARK: - Where names occur

    /// Every identifier token of the project whose text is `simpleName`, the simple name
    /// (last component) of a project type: the places that may refer to the type (or to
    /// another declaration of the same name), in file and token order.
    public func references(toTypeNamed simpleName: String) -> [TokenLocation] {
        nameReferences.typeNames[simpleName] ?? []
    }

    /// Every member token `.name` of the project followed, after subscripts and a `?` or
    /// `!`, by an assignment operator (`x.name = v`, `x.name[i] += 1`) or by a method call
    /// (`x.name.append(v)`): where code may change a member named `name` through a
    /// reference, in file and token order.
    public func memberUpdateCandidates(named name: String) -> [TokenLocation] {
        nameReferences.memberUpdates[name] ?? []
    }

    // MARK: - Names and types

    /// The table key of the project type `name` refers to from inside `scope` (a type's
    /// key), in `file` (a position in `files`), following nesting outward and type aliases.
    /// Without `file`, the file of the scope's type when it is declared in one file only:
    /// the types private to a file are found from there alone.
    public func resolve(_ name: String, from scope: String? = nil, file: Int? = nil) -> String? {
        resolver.resolve(name, from: scope, file: file ?? soleFile(of: scope))
    }

    /// The project type `name` refers to (see `resolve`); nil for The Composable
    /// Architecture's stores, which no rule judges.
    public func type(named name: String, from scope: String? = nil, file: Int? = nil) -> TypeInfo? {
        let file = file ?? soleFile(of: scope)
        guard let info = resolver.resolveType(name, from: scope, file: file)?.info,
            !isComposableArchitectureStore(info, usedIn: file)
        else { return nil }
        return info
    }

    /// Whether a name of one identifier (`Row`) may refer to a project type or type alias
    /// from some scope: it is the last component of one's key. False rules out
    /// `type(named:from:file:)` and `resolve` at the cost of a set lookup, for passes that
    /// meet mostly the SDK's names (`Text`, `VStack`).
    public func mayNameType(simpleName name: String) -> Bool {
        nestedNameSuffixes.contains(name) || types[name] != nil || typeAliases[name] != nil
    }

    /// Whether the type `name` refers to from `scope` is The Composable Architecture's store
    /// (`StoreOf`, `ViewStore`): not declared in the project, declared by the library or in a
    /// file that imports it, or named in a file that imports it. Its observation is derived:
    /// rules stay silent on it.
    public func isComposableArchitectureStore(named name: String, from scope: String?, file: Int? = nil) -> Bool {
        guard isStoreName(name) else { return false }
        let file = file ?? soleFile(of: scope)
        guard let info = resolver.resolveType(name, from: scope, file: file)?.info else { return true }
        return isComposableArchitectureStore(info, usedIn: file)
    }

    private func isComposableArchitectureStore(_ info: TypeInfo, usedIn file: Int?) -> Bool {
        guard isStoreName(info.name) else { return false }
        if let file, belongsToComposableArchitecture(file) { return true }
        return info.declarations.first.map { belongsToComposableArchitecture($0.file) } ?? false
    }

    private func isStoreName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "S") || first == UInt8(ascii: "V") else { return false }
        return composableArchitectureStoreNames.contains(name)
    }

    /// A file that imports ComposableArchitecture, or one of the library's own
    /// (`Sources/ComposableArchitecture/`).
    private func belongsToComposableArchitecture(_ file: Int) -> Bool {
        files[file].imports.contains { $0.module == "ComposableArchitecture" } || files[file].path.contains("Sources/ComposableArchitecture/")
    }

    /// Whether `attribute` names SwiftUI's declaration: written `@SwiftUI.Name`, or `@Name`
    /// when the project declares no type of that name (its own would shadow SwiftUI's).
    /// `@Perception.Bindable` is Perception's, never SwiftUI's `@Bindable`.
    public func isSwiftUI(_ attribute: Attribute) -> Bool {
        let simpleName = attribute.simpleName
        guard attribute.name.count > simpleName.count else { return types[String(simpleName)]?.kind == nil }
        return attribute.name == "SwiftUI." + simpleName
    }

    /// The key in `types` of a type declaration of `file` (an extension: of the type it
    /// extends). `enclosing`: the `enclosingKey` of the declaration it is nested in.
    public func typeKey(of decl: TypeDecl, file: Int, enclosing: String?) -> String {
        resolver.key(of: decl, file: file, enclosing: enclosing)
    }

    /// What `typeKey` takes as `enclosing` for the declarations nested in `decl`.
    public func enclosingKey(of decl: TypeDecl, key: String) -> String {
        TypeTableBuilder.enclosingKey(of: decl, key: key)
    }

    /// The position in `files` of a file of this index.
    public func fileIndex(of file: ParsedFile) -> Int? { fileIndexByFile[ObjectIdentifier(file)] }


    /// The one file that declares the type `scope` names (its declarations and extensions),
    /// or nil.
    private func soleFile(of scope: String?) -> Int? {
        guard let scope, let info = types[scope], let first = info.declarations.first?.file else { return nil }
        return info.declarations.allSatisfy { $0.file == first } ? first : nil
    }

    public func traits(of name: String, from scope: String? = nil, file: Int? = nil) -> ObservationTraits {
        type(named: name, from: scope, file: file)?.traits ?? []
    }

    /// What the type `name` is: observable, ObservableObject, both, a plain class, a value
    /// type, or unknown (declared outside the analyzed files, ambiguous, or a protocol).
    public func modelKind(of name: String, from scope: String? = nil, file: Int? = nil) -> ModelKind {
        if let info = type(named: name, from: scope, file: file) {
            switch (info.isObservable, info.isObservableObject) {
            case (true, true): return .both
            case (true, false): return .observable
            case (false, true): return .observableObject
            case (false, false):
                if info.isClass { return .plainClass }
                if info.isValueType { return .valueType }
                return .unknown
            }
        }
        if ambiguousTypes.contains(name) { return .unknown }
        return knownValueTypes.contains(name) ? .valueType : .unknown
    }

    public func modelKind(of shape: TypeShape, from scope: String?, file: Int? = nil) -> ModelKind {
        switch shape {
        case .named(let name, _): return modelKind(of: name, from: scope, file: file)
        case .optional(let wrapped): return modelKind(of: wrapped, from: scope, file: file)
        case .array, .set, .dictionary:
            return .valueType
        case .other: return .unknown
        }
    }

    /// The `public` and `open` types the project declares (not those it imports): what the
    /// projects that use it as a local package see of it.
    /// Computed once.
    public var publicTypes: [String: TypeInfo] {
        publicTypesOnce.value {
            types.dictionary.filter { _, info in
                guard let primary = info.declarations.first(where: { $0.decl.kind != .extension }),
                    !domains.isPackage(primary.file)
                else { return false }
                let access = primary.decl.modifiers.accessLevel
                return access == .public || access == .open
            }.mapValues(withKeeperChains)
        }
    }

    /// Whether a type has a declaration (or extension) in the project's own files.
    func isOwn(_ type: TypeInfo) -> Bool {
        type.declarations.contains { !domains.isPackage($0.file) }
    }

    /// Every type declaration in a file of the project's own (nested ones and extensions
    /// included; none for a local package's file), in source order, with the merged type
    /// it belongs to.
    public func typeDeclarations(in file: Int) -> [(decl: TypeDecl, info: TypeInfo)] {
        fileTypeDeclarations[file]
    }

    /// In a local package's file, the declarations there of the package's types this
    /// project imports (`public` and `open` ones), in source order; in the project's own
    /// files, `typeDeclarations(in:)`. What a rule judges in a package's file when this
    /// project's views may give the witness (`packageFilesWitnessedHere`).
    public func typeDeclarationsIncludingImported(in file: Int) -> [(decl: TypeDecl, info: TypeInfo)] {
        guard domains.isPackage(file) else { return fileTypeDeclarations[file] }
        return types.values.flatMap { info in
            info.declarations.filter { $0.file == file }.map { (decl: $0.decl, info: info) }
        }.sorted { $0.decl.declaration.lowerBound < $1.decl.declaration.lowerBound }
    }

    // MARK: - What a property holds

    /// The type of a stored property: its annotation, or the type its initial value
    /// constructs (`Model()`, `Model.init()`, `Outer.Inner()`), or for
    /// `@Environment(Model.self)` the environment type.
    public func declaredShape(of property: Property, in file: ParsedFile, scope: String?) -> TypeShape? {
        if let type = property.type { return typeShapesByText.value(for: type.text) { TypeShape(type.text) } }
        if let environment = property.attributes.first(named: "Environment"), let arguments = environment.arguments,
            arguments.count >= 3, file.at(arguments.upperBound - 1, "self"), file.kind(arguments.upperBound - 2) == .period
        {
            return TypeShape(file.text(arguments.lowerBound..<arguments.upperBound - 2))
        }
        if let constructed = constructedType(of: property, in: file, scope: scope) {
            return .named(constructed.name, [])
        }
        // A static member of a project type: `= Store.shared`, typed by its declaration.
        if let initializer = property.initializer, file.kind(initializer.lowerBound) == .identifier,
            file.text(initializer.lowerBound).startsWithUppercase,
            let chain = file.memberChain(at: initializer.lowerBound, limit: initializer.upperBound),
            chain.end == initializer.upperBound, chain.names.count > 1, let position = fileIndex(of: file),
            let held = staticType(of: initializer, in: position, context: nil)
        {
            return .named(held, [])
        }
        return nil
    }

    /// When a property's initial value is exactly a constructor call of a project type:
    /// `Model()`, `Model.init()`, `Outer.Inner()`, or `.init()` with the type annotated
    /// (`var m: Model = .init()`).
    public func constructedType(of property: Property, in file: ParsedFile, scope: String?) -> (name: String, call: Call)? {
        guard let initializer = property.initializer else { return nil }
        return constructedType(in: initializer, file: file, scope: scope, contextualType: property.type)
    }

    /// When `expression` is exactly a constructor call of a project type (`Model()`,
    /// `Model(id: 1)`, `Model.init()`, `Outer.Inner()`, `Model { … }`, and `.init(…)` when
    /// `contextualType` — the annotation the value is assigned to — names the type), that
    /// type's qualified name and the call. Factories and static members are not constructors.
    public func constructedType(
        in expression: Range<Int>, file: ParsedFile, scope: String?, contextualType: TypeRef? = nil
    ) -> (name: String, call: Call)? {
        guard let (written, call) = file.constructorCall(in: expression) else { return nil }
        let name: String
        if let written {
            name = written
        } else {
            // `.init(…)`: the type comes from the context, a plain named type (`T?` would be
            // `Optional<T>.init`).
            guard let contextualType, case .named(let annotated, _) = TypeShape(contextualType.text) else { return nil }
            name = annotated
        }
        let position = fileIndex(of: file)
        guard let resolved = resolve(name, from: scope, file: position),
            !(types[resolved].map { isComposableArchitectureStore($0, usedIn: position) } ?? false)
        else { return nil }
        return (resolved, call)
    }
}

private func collectAliases(_ type: TypeDecl, into aliases: inout [String: String]) {
    for alias in type.typeAliases {
        if let target = alias.target { aliases[type.qualifiedName + "." + alias.name] = target.text }
    }
    for nested in type.nestedTypes { collectAliases(nested, into: &aliases) }
}

/// Where a top-level type is visible (SPEC §9, "Scopes"). Types visible in the whole
/// project are keyed by their qualified name; a `private`/`fileprivate` one by its file's
/// prefix (`‹f3›.Model`), so that same-named types of other files never merge with it. A
/// lookup from a scope inside such a type finds its siblings by walking outward through the
/// prefix; a lookup from a file tries the file's prefix.
struct TypeDomains: Sendable {
    /// Per file: whether it is a local package's (its types come imported).
    let isPackageFile: [Bool]
    /// The qualified names declared with a prefix: a lookup tries the prefix for these names
    /// only (building a prefixed key costs an allocation).
    var prefixedNames: Set<String> = []

    func isPackage(_ file: Int) -> Bool { file < isPackageFile.count && isPackageFile[file] }

    static func filePrefix(_ file: Int) -> String { "‹f\(file)›" }
    static func variantPrefix(_ variant: Int) -> String { "‹v\(variant)›" }

    /// The prefix (with its dot) of a top-level declaration's key, or "".
    func prefix(of decl: TypeDecl, file: Int) -> String {
        let access = decl.modifiers.accessLevel
        return access == .private || access == .fileprivate ? Self.filePrefix(file) + "." : ""
    }
}

extension String {
    /// The text with every type key's visibility prefix removed: what a message shows.
    public var withoutTypeKeyPrefixes: String {
        guard holdsTypeKeyMark else { return self }
        // `‹f12›.` and `‹v3›.` removed, scalar by scalar (a regular expression cost about
        // eight million instructions a call).
        let scalars = Array(unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if let end = Self.typeKeyPrefixEnd(in: scalars, at: index) {
                index = end
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The position after `‹`, `f` or `v`, digits, `›` and `.` starting at `start`, if they do.
    private static func typeKeyPrefixEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard scalars[start] == "‹", start + 2 < scalars.count, scalars[start + 1] == "f" || scalars[start + 1] == "v" else { return nil }
        var index = start + 2
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index > start + 2, index + 1 < scalars.count, scalars[index] == "›", scalars[index + 1] == "." else { return nil }
        return index + 2
    }

    /// Whether the text holds a `‹` (UTF-8 E2 80 B9), looked for on its bytes: Foundation's
    /// `contains` cost more than the rest of making a diagnostic.
    private var holdsTypeKeyMark: Bool {
        var matched = 0
        for byte in utf8 {
            switch (matched, byte) {
            case (_, 0xE2): matched = 1
            case (1, 0x80): matched = 2
            case (2, 0xB9): return true
            default: matched = 0
            }
        }
        return false
    }
}

/// Name lookup: nested scopes outward, then the file's private types, then top level, then
/// type aliases.
struct TypeResolver {
    let domains: TypeDomains
    /// The keys of the declarations that are variants (`TypeTableBuilder.variantKeys`).
    let variantKeys: [ObjectIdentifier: String]
    /// The last components of the aliases that name a composition (`A & B`): an inherited
    /// name that is none of these is its own part (see `compositionParts`).
    let compositionAliasNames: Set<Substring>
    /// Every type by its key, and what a lookup asks of a name besides whether it is a
    /// type's key, in one table: this is asked constantly, and one lookup of each name costs
    /// less than one per question.
    private let entries: [String: Entry]
    /// The alias targets `NameFacts.aliasTarget` points into.
    private let aliasTargets: [String]
    /// Whether `entries` marks the names a scoped lookup can find: without, every
    /// lookup from a scope walks the scopes.
    private let knowsNestedNames: Bool

    /// Plain values (no reference to retain when one is copied).
    private struct NameFacts {
        /// The position in `aliasTargets` of the target of the type alias of this key, or -1.
        var aliasTarget: Int32 = -1
        /// A name a lookup from inside a scope can find nested (see `nestedNameSuffixes`).
        var isNestedSuffix = false
        /// Declared private to a file somewhere (`TypeDomains.prefixedNames`).
        var isFilePrivate = false
        /// A key whose declarations disagree: unknown.
        var isAmbiguous = false

        var isAlias: Bool { aliasTarget >= 0 }
    }

    private struct Entry {
        /// The type whose key this is, if any.
        var type: TypeInfo?
        var facts = NameFacts()
    }

    /// `nestedNameSuffixes`: when known, the names a scoped lookup can find (see
    /// `ProjectIndex.nestedNameSuffixes`); others skip the scopes.
    init(
        types: [String: TypeInfo], aliases: [String: String], ambiguous: Set<String> = [],
        domains: TypeDomains = TypeDomains(isPackageFile: []), nestedNameSuffixes: Set<String>? = nil,
        variantKeys: [ObjectIdentifier: String] = [:], compositionAliasNames: Set<Substring> = []
    ) {
        self.domains = domains
        self.variantKeys = variantKeys
        self.compositionAliasNames = compositionAliasNames
        self.knowsNestedNames = nestedNameSuffixes != nil
        // The types' entries keep their places (`mapValues` does not rehash); room for the
        // other names is made once.
        var entries = types.mapValues { Entry(type: $0) }
        entries.reserveCapacity(
            types.count + aliases.count + (nestedNameSuffixes?.count ?? 0) + domains.prefixedNames.count + ambiguous.count)
        // The alias of a generic type's specialization (`typealias YesNo = Prompt<Bool>`)
        // names that type: the members are the generic declaration's.
        self.aliasTargets = aliases.values.map { target in
            if case .named(let base, let arguments) = TypeShape(target), !arguments.isEmpty { return base }
            return target
        }
        for (position, name) in aliases.keys.enumerated() { entries[name, default: Entry()].facts.aliasTarget = Int32(position) }
        for name in nestedNameSuffixes ?? [] { entries[name, default: Entry()].facts.isNestedSuffix = true }
        for name in domains.prefixedNames { entries[name, default: Entry()].facts.isFilePrivate = true }
        for name in ambiguous { entries[name, default: Entry()].facts.isAmbiguous = true }
        self.entries = entries
    }

    /// What follows each `.` of qualified names (`B.C` and `C` for `A.B.C`): the only names
    /// a lookup from inside a scope can find nested.
    static func nestedNameSuffixes(of names: some Sequence<String>) -> Set<String> {
        var suffixes = Set<String>()
        for var name in names {
            // Split on UTF-8 (names are identifiers joined by dots).
            name.withUTF8 { bytes in
                for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") {
                    suffixes.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[(offset + 1)...]), as: UTF8.self))
                }
            }
        }
        return suffixes
    }

    func resolve(_ name: String, from scope: String?, file: Int? = nil) -> String? {
        resolveType(name, from: scope, file: file)?.name
    }

    /// The key and the type.
    func resolveType(_ name: String, from scope: String?, file: Int? = nil) -> (name: String, info: TypeInfo)? {
        var name = name
        if let first = name.utf8.first, first == UInt8(ascii: "S") || first == UInt8(ascii: "s"),
            name.hasPrefix("Self.") || name.hasPrefix("self.")
        {
            name.removeFirst(5)
        }
        for _ in 0..<8 {
            guard let found = lookUp(name, from: scope, file: file) else { return nil }
            if found.facts.isAlias, aliasTargets[Int(found.facts.aliasTarget)] != name {
                name = aliasTargets[Int(found.facts.aliasTarget)]
                continue
            }
            if found.facts.isAmbiguous { return nil }
            return found.type.map { (found.key, $0) }
        }
        return nil
    }

    /// The key of a type declaration (an extension: of the type it extends), nested in the
    /// declaration whose `TypeTableBuilder.enclosingKey` is `enclosing`.
    func key(of decl: TypeDecl, file: Int, enclosing: String?) -> String {
        if decl.kind == .extension { return resolve(decl.name, from: enclosing, file: file) ?? decl.name }
        if let variant = variantKeys[ObjectIdentifier(decl)] { return variant }
        if let enclosing { return enclosing + "." + decl.name }
        return domains.prefix(of: decl, file: file) + decl.qualifiedName
    }

    /// The names an inherited type stands for: `A & B` and a type alias of a composition
    /// (`typealias Model = ObservableObject & Identifiable`) are their parts, followed
    /// through aliases of aliases; anything else is its own name.
    func compositionParts(_ text: String, from scope: String?, file: Int?, depth: Int = 0) -> [String] {
        // Most inherited names are plain (`View`, `SwiftUI.View`) and no composition alias
        // ends with their name: no shape to parse, no alias to follow.
        if !text.utf8.contains(UInt8(ascii: "&")),
            compositionAliasNames.isEmpty || !compositionAliasNames.contains(text.simpleTypeName),
            text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 >= 0x80 || isASCIIAlphanumeric($0) })
        {
            return [text]
        }
        var parts: [String] = []
        for part in text.split(separator: "&") {
            guard let name = TypeShape(String(part)).directName else { continue }
            if depth < 8, let facts = lookUp(name, from: scope, file: file)?.facts, facts.isAlias,
                aliasTargets[Int(facts.aliasTarget)].contains("&")
            {
                parts += compositionParts(aliasTargets[Int(facts.aliasTarget)], from: scope, file: file, depth: depth + 1)
            } else {
                parts.append(name)
            }
        }
        return parts
    }

    /// The key a name finds, its type and what `entries` says of it.
    private func lookUp(_ name: String, from scope: String?, file: Int?) -> (key: String, type: TypeInfo?, facts: NameFacts)? {
        let entry = entries[name]
        if let scope, !knowsNestedNames || entry?.facts.isNestedSuffix == true {
            var enclosing: String? = scope
            while let prefix = enclosing {
                let candidate = prefix + "." + name
                if let found = entries[candidate], found.type != nil || found.facts.isAlias {
                    return (candidate, found.type, found.facts)
                }
                enclosing = prefix.enclosingTypeName
            }
        }
        if let file, entry?.facts.isFilePrivate == true {
            let own = TypeDomains.filePrefix(file) + "." + name
            if let found = entries[own], let type = found.type { return (own, type, found.facts) }
        }
        if let entry, entry.type != nil || entry.facts.isAlias { return (name, entry.type, entry.facts) }
        return nil
    }
}

/// Merges declarations into `TypeInfo`s and computes their traits.
struct TypeTableBuilder {
    private(set) var domains: TypeDomains
    private var types: [String: TypeInfo]
    private var extensions: [(name: String, scope: String?, declaration: TypeDeclaration)] = []
    /// The imported types no declaration of the project has touched: finished already.
    private var untouchedImports: Set<String>
    /// Per key, the keys of its variants: declarations of the same name in another clause
    /// of the same `#if` (SPEC §9). A variant is a type of its own, keyed `‹v1›.Name`, so
    /// that no fact learned in one variant applies to another.
    private var variants: [String: [String]] = [:]
    /// The key of every declaration that is a variant (the others' keys follow from names).
    private(set) var variantKeys: [ObjectIdentifier: String] = [:]

    init(domains: TypeDomains, imported: [String: TypeInfo] = [:]) {
        self.domains = domains
        self.types = imported
        self.untouchedImports = Set(imported.keys)
    }

    mutating func add(_ decls: [TypeDecl], file: Int, in stream: TokenStream, enclosing: String?) {
        for decl in decls {
            let declaration = TypeDeclaration(file: file, decl: decl)
            var key: String
            if decl.kind == .extension {
                extensions.append((decl.name, enclosing, declaration))
                key = decl.name
            } else {
                if let enclosing {
                    key = enclosing + "." + decl.name
                } else {
                    let prefix = domains.prefix(of: decl, file: file)
                    if !prefix.isEmpty { domains.prefixedNames.insert(decl.qualifiedName) }
                    key = prefix + decl.qualifiedName
                }
                // The project's own type shadows an imported one.
                if untouchedImports.remove(key) != nil { types[key] = nil }
                key = variantKey(key, of: decl, file: file, in: stream)
                var info = types[key] ?? TypeInfo(name: key, kind: nil, declarations: [], inherited: [], traits: [])
                if info.kind == nil {
                    info.kind = decl.kind
                    info.declarations.insert(declaration, at: 0)
                } else {
                    // Declared again where both compile (another file, the same `#if` clause).
                    info.declarations.append(declaration)
                }
                types[key] = info
            }
            add(decl.nestedTypes, file: file, in: stream, enclosing: Self.enclosingKey(of: decl, key: key))
        }
    }

    /// The key a declaration of `base` goes to: the first declaration's, or that of a
    /// variant it can be compiled with; a new variant when it excludes them all (another
    /// clause of a `#if` in the same file).
    private mutating func variantKey(_ base: String, of decl: TypeDecl, file: Int, in stream: TokenStream) -> String {
        guard let first = types[base]?.declarations.first, first.file == file else { return base }
        let clauses = stream.conditionalClauses(around: decl.nameToken)
        let candidates = [base] + (variants[base] ?? [])
        for candidate in candidates {
            guard let primary = types[candidate]?.declarations.first else { continue }
            if !stream.conditionalClauses(around: primary.decl.nameToken).excludes(clauses) { return candidate }
        }
        let key = TypeDomains.variantPrefix(candidates.count) + "." + base
        variants[base, default: []].append(key)
        variantKeys[ObjectIdentifier(decl)] = key
        return key
    }

    /// What the keys of types nested in a declaration start with: the declaration's key, or
    /// for an extension the name as written (extensions are resolved after every type is known).
    static func enclosingKey(of decl: TypeDecl, key: String) -> String {
        decl.kind == .extension ? decl.name : key
    }

    /// The table, and the names whose primary declarations disagree.
    mutating func finish(aliases: [String: String], files: [ParsedFile]) -> (types: [String: TypeInfo], ambiguous: Set<String>) {
        // Extensions of project types merge into them; those of outside types (`extension
        // Color`) get an entry of their own with no kind, so their members are still known.
        let suffixes = TypeResolver.nestedNameSuffixes(of: [types.keys.map { $0 }, Array(aliases.keys)].joined())
        let extensionResolver = TypeResolver(types: types, aliases: aliases, domains: domains, nestedNameSuffixes: suffixes)
        for (name, scope, declaration) in extensions {
            let target = extensionResolver.resolve(name, from: scope, file: declaration.file) ?? name
            untouchedImports.remove(target)
            // An extension extends every variant it can be compiled with.
            let keys = [target] + (variants[target] ?? [])
            for key in keys where keys.count == 1 || isCompiled(declaration, with: key, files: files) {
                // Appended in place (a copy of the entry would copy its declarations each time).
                types[key, default: TypeInfo(name: key, kind: nil, declarations: [], inherited: [], traits: [])]
                    .declarations.append(declaration)
            }
        }
        // New tables with the same keys (mapValues does not rehash; mutating entries while
        // iterating the table would copy it).
        // Extensions of outside types added keys; they nest nothing.
        let resolver = TypeResolver(
            types: types, aliases: aliases, domains: domains, nestedNameSuffixes: suffixes,
            compositionAliasNames: Set(aliases.filter { $0.value.utf8.contains(UInt8(ascii: "&")) }.keys.map { $0.simpleTypeName }))
        let untouched = untouchedImports
        types = types.mapValues { info in
            if !untouched.isEmpty, untouched.contains(info.name) { return info }
            var info = info
            var inherited: [String] = []
            lazy var scope = info.name.enclosingTypeName
            for declaration in info.declarations {
                for entry in declaration.decl.inheritance {
                    for held in resolver.compositionParts(entry.text, from: scope, file: declaration.file) {
                        inherited.append(resolver.resolve(held, from: scope, file: declaration.file) ?? held)
                    }
                }
            }
            info.inherited = inherited
            return info
        }
        // Traits by the types' positions in a table of their keys (one hash of a key's bytes
        // per lookup).
        let table = TypeTable(types)
        var traits = [ObservationTraits?](repeating: nil, count: table.count)
        for name in untouched {
            if let position = table.position(of: name) { traits[position] = table.info(at: position).traits }
        }
        for position in table.positions {
            _ = computeTraits(at: position, in: table, memo: &traits)
        }
        types = types.mapValues { info in
            if !untouched.isEmpty, untouched.contains(info.name) { return info }
            var info = info
            info.traits = table.position(of: info.name).flatMap { traits[$0] } ?? []
            return info
        }
        var ambiguous = Set(types.values.filter(Self.hasDisagreeingDeclarations).map(\.name))
        // A name whose variants disagree is unknown where the variant is not known.
        for (base, keys) in variants {
            guard let first = types[base]?.declarations.first?.decl else { continue }
            if keys.contains(where: { types[$0]?.declarations.first.map { Self.disagree(first, $0.decl) } ?? false }) {
                ambiguous.insert(base)
            }
        }
        return (types, ambiguous)
    }

    /// Whether an extension can be compiled together with the variant `key`'s declaration.
    private func isCompiled(_ declaration: TypeDeclaration, with key: String, files: [ParsedFile]) -> Bool {
        guard let primary = types[key]?.declarations.first, primary.file == declaration.file else { return true }
        let file = files[declaration.file]
        return !file.conditionalClauses(around: primary.decl.nameToken)
            .excludes(file.conditionalClauses(around: declaration.decl.nameToken))
    }

    private static func disagree(_ one: TypeDecl, _ other: TypeDecl) -> Bool {
        one.kind != other.kind || Set(one.inheritance.map(\.text)) != Set(other.inheritance.map(\.text))
    }

    /// Whether two primary declarations declare different members: two types of one name in
    /// two targets (an iOS and a watchOS view model, a macOS copy of a view), not one.
    private static func declareDifferentMembers(_ one: TypeDecl, _ other: TypeDecl) -> Bool {
        Set(one.properties.map(\.name)) != Set(other.properties.map(\.name))
            || Set(one.functions.map(\.name)) != Set(other.functions.map(\.name))
    }

    /// Two primary declarations of one name (the same type in two `#if` branches, or two
    /// types of one project, as the targets of one Xcode project may each declare) of
    /// different kinds, inheritance or members: which one a use means is unknown.
    private static func hasDisagreeingDeclarations(_ info: TypeInfo) -> Bool {
        let primaries = info.declarations.filter { $0.decl.kind != .extension }
        guard let first = primaries.first, primaries.count > 1 else { return false }
        return primaries.dropFirst().contains { disagree(first.decl, $0.decl) || declareDifferentMembers(first.decl, $0.decl) }
    }


    /// Traits a type has itself plus those it inherits (superclasses, refined protocols).
    /// A type being computed is in `memo` with no traits: a cycle of inheritance ends there.
    private func computeTraits(at position: Int, in table: TypeTable, memo: inout [ObservationTraits?]) -> ObservationTraits {
        if let known = memo[position] { return known }
        let info = table.info(at: position)
        memo[position] = []
        var result: ObservationTraits = []
        for declaration in info.declarations {
            for attribute in declaration.decl.attributes {
                if observableMacroNames.contains(attribute.simpleName), declaration.decl.kind != .extension {
                    result.insert(.observable)
                }
            }
        }
        for inherited in info.inherited {
            if let trait = WellKnownProtocol.traits[inherited] { result.insert(trait) }
            if let parent = table.position(of: inherited) {
                // Superclasses and refined protocols pass on what they are.
                result.formUnion(computeTraits(at: parent, in: table, memo: &memo))
            }
        }
        memo[position] = result
        return result
    }
}

private func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
}

private struct BodyLocation: Hashable, Sendable {
    let file: ObjectIdentifier
    let body: Range<Int>
}

/// A closure of a file: what `ViewCode.role(of:in:index:)` reads of its scope (not the
/// index of its parent, which depends on the body whose scopes were asked for).
private struct ScopeLocation: Hashable, Sendable {
    let file: ObjectIdentifier
    let kind: Scope.Kind
    let range: Range<Int>
    let callArguments: Range<Int>?

    /// A closure's opening brace nearly always tells it apart: hashing only that costs less
    /// than hashing every field (equality still compares them all).
    func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(range.lowerBound)
    }
}

extension ProjectIndex {
    /// The role of the closure `scope` of `file`, worked out by `compute` once.
    func closureRole(of scope: Scope, in file: ParsedFile, _ compute: () -> ClosureRole) -> ClosureRole {
        let key = ScopeLocation(file: ObjectIdentifier(file), kind: scope.kind, range: scope.range, callArguments: scope.callArguments)
        return closureRolesByScope.value(for: key, compute)
    }

    /// The scopes of `body` in `file` (one of the index's files), found once.
    public func scopes(in body: Range<Int>, of file: ParsedFile) -> BodyScopes {
        scopesByBody.value(for: BodyLocation(file: ObjectIdentifier(file), body: body)) { file.scopes(in: body) }
    }

    /// The member chains of a declaration's `members` in `file` (one of the index's files),
    /// found once.
    public func memberChains(inDeclaration members: Range<Int>, of file: ParsedFile) -> [MemberChain] {
        memberChainsByDeclaration.value(for: BodyLocation(file: ObjectIdentifier(file), body: members)) { file.memberChains(in: members) }
    }
}
