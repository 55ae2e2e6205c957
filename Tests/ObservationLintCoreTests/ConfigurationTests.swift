import Foundation
import ObservationLintCore
import Testing

@Suite struct ConfigurationTests {
    func parse(_ yaml: String) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(yaml: yaml, filePath: ".observation-lint.yml", rootDirectory: "/project", knownRuleIDs: testRuleIDs)
    }

    func issues(_ yaml: String) -> [String] {
        do {
            _ = try parse(yaml)
            return []
        } catch {
            return error.lines
        }
    }

    @Test func everyKey() throws {
        let configuration = try parse(
            """
            included: [Sources, App]
            excluded:
              - Pods
              - "**/Generated/**"
            disabled_rules: [missing_published]
            opt_in_rules: [unread_observed_object]
            only_rules: []
            rules:
              state_initialized_from_outside: { severity: error }
              nested_observable_object:
                severity: warning
            default_actor_isolation: MainActor
            include_uncompiled_files: true
            """)
        #expect(configuration.filePath == ".observation-lint.yml")
        #expect(configuration.rootDirectory == "/project")
        #expect(configuration.included == ["Sources", "App"])
        #expect(configuration.excluded == ["Pods", "**/Generated/**"])
        #expect(configuration.disabledRules == ["missing_published"])
        #expect(configuration.optInRules == ["unread_observed_object"])
        #expect(configuration.onlyRules == [])
        #expect(
            configuration.ruleSeverities == ["state_initialized_from_outside": .error, "nested_observable_object": .warning])
        #expect(configuration.defaultActorIsolation == .mainActor)
        #expect(configuration.includeUncompiledFiles)
    }

    @Test func emptyFileCommentsAndNullValuesAreDefaults() throws {
        #expect(try parse("") == Configuration(filePath: ".observation-lint.yml", rootDirectory: "/project"))
        #expect(try parse("# nothing yet\n") == Configuration(filePath: ".observation-lint.yml", rootDirectory: "/project"))
        let configuration = try parse("included:\nexcluded: ~\nrules:\n")
        #expect(configuration.included.isEmpty && configuration.excluded.isEmpty && configuration.ruleSeverities.isEmpty)
    }

    @Test func onlyRulesAndNonisolated() throws {
        let configuration = try parse("only_rules: [missing_published]\ndefault_actor_isolation: nonisolated\n")
        #expect(configuration.onlyRules == ["missing_published"])
        #expect(configuration.defaultActorIsolation == .nonisolated)
    }

    @Test func severityShorthand() throws {
        let configuration = try parse("rules:\n  missing_published: error\n")
        #expect(configuration.ruleSeverities == ["missing_published": .error])
    }

    @Test func unknownKeyWithSuggestion() {
        #expect(
            issues("included: [Sources]\nexcluded: []\nopt_in_rules: []\ndisabled_rule: [missing_published]\n") == [
                ".observation-lint.yml:4: 'disabled_rule' is not a configuration key; did you mean 'disabled_rules'?"
            ])
    }

    @Test func unknownKeyWithoutSuggestion() {
        #expect(
            issues("reporter: json\n") == [
                ".observation-lint.yml:1: 'reporter' is not a configuration key (valid keys: included, excluded, "
                    + "disabled_rules, opt_in_rules, only_rules, rules, default_actor_isolation, include_tests, include_uncompiled_files)"
            ])
    }

    @Test func unknownRuleIDs() {
        #expect(
            issues("disabled_rules:\n  - missing_publishd\n  - no_such_rule_at_all\n") == [
                ".observation-lint.yml:2: 'missing_publishd' is not a rule or a group; did you mean 'missing_published'?",
                ".observation-lint.yml:3: 'no_such_rule_at_all' is not a rule or a group (see `observation-lint rules`)",
            ])
        #expect(issues("opt_in_rules: [unread_observed_objects]") == [
            ".observation-lint.yml:1: 'unread_observed_objects' is not a rule or a group; did you mean 'unread_observed_object'?"
        ])
        #expect(issues("only_rules: [x]") == [".observation-lint.yml:1: 'x' is not a rule or a group (see `observation-lint rules`)"])
        #expect(issues("rules:\n  stat_initialized_from_outside: { severity: error }\n") == [
            ".observation-lint.yml:2: 'stat_initialized_from_outside' is not a rule; did you mean 'state_initialized_from_outside'?"
        ])
    }

    @Test func wrongValueTypes() {
        #expect(issues("included: Sources\n") == [
            ".observation-lint.yml:1: 'included' must be a list, for example included: [Sources]"
        ])
        #expect(issues("excluded: { a: b }\n") == [
            ".observation-lint.yml:1: 'excluded' must be a list, for example excluded: [Pods]"
        ])
        #expect(issues("disabled_rules: missing_published\n") == [
            ".observation-lint.yml:1: 'disabled_rules' must be a list, for example disabled_rules: [rule_id]"
        ])
        #expect(issues("included:\n  - [a, b]\n") == [".observation-lint.yml:2: 'included' must contain only strings"])
        #expect(issues("included: ['']\n") == [".observation-lint.yml:1: 'included' contains an empty path"])
        #expect(issues("rules: [missing_published]\n") == [
            ".observation-lint.yml:1: 'rules' must be a mapping, for example rules: { rule_id: { severity: error } }"
        ])
        #expect(issues("default_actor_isolation: [MainActor]\n") == [
            ".observation-lint.yml:1: 'default_actor_isolation' must be MainActor or nonisolated"
        ])
    }

    @Test func badRuleSettings() {
        #expect(issues("rules:\n  missing_published:\n    severity: fatal\n") == [
            ".observation-lint.yml:3: 'fatal' is not a severity for 'missing_published'; use warning or error"
        ])
        #expect(issues("rules:\n  missing_published:\n    severty: error\n") == [
            ".observation-lint.yml:3: 'severty' is not a setting of 'missing_published'; did you mean 'severity'?"
        ])
        #expect(issues("rules:\n  missing_published:\n    enabled: false\n") == [
            ".observation-lint.yml:3: 'enabled' is not a setting of 'missing_published' (rules accept: severity)"
        ])
        #expect(issues("rules:\n  missing_published: [error]\n") == [
            ".observation-lint.yml:2: 'missing_published' must be set like missing_published: { severity: warning } (or error)"
        ])
    }

    @Test func badIsolation() {
        #expect(issues("\ndefault_actor_isolation: main\n") == [
            ".observation-lint.yml:2: 'main' is not a default actor isolation; use MainActor or nonisolated"
        ])
    }

    @Test func invalidYAML() {
        let lines = issues("included: [Sources\nexcluded: []\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(".observation-lint.yml:") == true)
        #expect(lines.first?.contains("invalid YAML") == true)
    }

    @Test func duplicateKey() {
        #expect(issues("included: [A]\nexcluded: []\nincluded: [B]\n").first?.contains("duplicate key 'included'") == true)
    }

    @Test func rootMustBeAMapping() {
        #expect(issues("- included\n").first?.hasPrefix(".observation-lint.yml:1: the configuration must be a mapping") == true)
    }

    @Test func everyProblemIsReportedInLineOrder() {
        #expect(
            issues("disabled_rule: []\nincluded: Sources\nrules:\n  missing_published: { severity: loud }\n") == [
                ".observation-lint.yml:1: 'disabled_rule' is not a configuration key; did you mean 'disabled_rules'?",
                ".observation-lint.yml:2: 'included' must be a list, for example included: [Sources]",
                ".observation-lint.yml:4: 'loud' is not a severity for 'missing_published'; use warning or error",
            ])
    }

    // MARK: Files and discovery

    @Test func loadsAndDiscoversUpward() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".observation-lint.yml", "disabled_rules: [missing_published]\n")
        try folder.makeFolder("Sources/App")
        let nested = folder.url("Sources/App")

        #expect(Configuration.find(from: nested) == folder.url(".observation-lint.yml"))
        let configuration = try Configuration.resolve(explicitPath: nil, currentDirectory: nested, knownRuleIDs: testRuleIDs)
        #expect(configuration.filePath == "../../.observation-lint.yml")
        #expect(configuration.rootDirectory == folder.path)
        #expect(configuration.disabledRules == ["missing_published"])
    }

    @Test func explicitConfigPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("config/lint.yml", "rules:\n  missing_published: { severity: banana }\n")
        #expect(throws: ConfigurationError.self) {
            try Configuration.resolve(explicitPath: "config/lint.yml", currentDirectory: folder.path, knownRuleIDs: testRuleIDs)
        }
        do {
            _ = try Configuration.resolve(explicitPath: "config/lint.yml", currentDirectory: folder.path, knownRuleIDs: testRuleIDs)
        } catch {
            #expect(error.lines == ["config/lint.yml:2: 'banana' is not a severity for 'missing_published'; use warning or error"])
        }
        do {
            _ = try Configuration.resolve(explicitPath: "missing.yml", currentDirectory: folder.path, knownRuleIDs: testRuleIDs)
            Issue.record("a missing --config file must be an error")
        } catch {
            #expect(error.lines == ["missing.yml: no such configuration file"])
        }
        do {
            _ = try Configuration.resolve(explicitPath: "config", currentDirectory: folder.path, knownRuleIDs: testRuleIDs)
            Issue.record("a folder given as --config must be an error")
        } catch {
            #expect(error.lines == ["config: is a folder, not a configuration file"])
        }
        try folder.write("latin1.yml", bytes: [0x61, 0x3A, 0x20, 0xE9, 0x0A])
        #expect(throws: ConfigurationError(file: "latin1.yml", line: nil, message: "the configuration file is not valid UTF-8")) {
            try Configuration.resolve(explicitPath: "latin1.yml", currentDirectory: folder.path, knownRuleIDs: testRuleIDs)
        }
    }

    @Test func noConfigurationFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Nothing in the folder; an ancestor of the temporary directory might still have one.
        let configuration = try Configuration.resolve(explicitPath: nil, currentDirectory: folder.path, knownRuleIDs: testRuleIDs)
        if Configuration.find(from: folder.path) == nil {
            #expect(configuration == Configuration(rootDirectory: folder.path))
        }
    }

    // MARK: Default actor isolation

    @Test func isolationFromPackageManifest() throws {
        #expect(
            DefaultActorIsolation.fromPackageManifest(
                """
                .target(name: "App", swiftSettings: [
                    .defaultIsolation( MainActor.self ),
                ])
                """) == .mainActor)
        #expect(DefaultActorIsolation.fromPackageManifest("// .defaultIsolation(MainActor.self)\n") == nil)
        #expect(DefaultActorIsolation.fromPackageManifest(".defaultIsolation(nil)") == .nonisolated)
        #expect(DefaultActorIsolation.fromPackageManifest("let package = Package(name: \"x\")") == nil)
        #expect(DefaultActorIsolation.fromPackageManifest("// Café\nswiftSettings: [. defaultIsolation( MainActor.self)]") == .mainActor)
        #expect(DefaultActorIsolation.fromPackageManifest("swiftSettings: [.default\u{00A0}Isolation(MainActor.self)]") == .mainActor)
        #expect(DefaultActorIsolation.fromPackageManifest("swiftSettings: [.defaultIsolation(\n MainActor.self)]") == nil)
    }

    @Test func isolationFromBuildSettings() {
        #expect(DefaultActorIsolation.fromBuildSettings("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\n") == .mainActor)
        #expect(DefaultActorIsolation.fromBuildSettings("SWIFT_DEFAULT_ACTOR_ISOLATION=MainActor\n") == .mainActor)
        #expect(DefaultActorIsolation.fromBuildSettings("SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated\n") == .nonisolated)
        #expect(DefaultActorIsolation.fromBuildSettings("// SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n") == nil)
        // Only the setting's own line counts, whatever ends it, and a later MainActor wins.
        #expect(DefaultActorIsolation.fromBuildSettings("A = 1;\r\nSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\r\nB = 2;") == .mainActor)
        #expect(DefaultActorIsolation.fromBuildSettings("// note\u{2028}SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor") == .mainActor)
        #expect(DefaultActorIsolation.fromBuildSettings("X = 1; // SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\nY = 2;") == nil)
        #expect(DefaultActorIsolation.fromBuildSettings(
            "SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;\n\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\n") == .mainActor)
        #expect(DefaultActorIsolation.fromBuildSettings("SWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor") == .nonisolated)
    }

    @Test func isolationDetectedOnDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(DefaultActorIsolation.detect(inDirectory: folder.path) == nil)
        try folder.write("Config/Base.xcconfig", "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n")
        #expect(DefaultActorIsolation.detect(inDirectory: folder.path) == .mainActor)

        let other = try TemporaryFolder()
        defer { other.remove() }
        try other.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\n};\n")
        #expect(DefaultActorIsolation.detect(inDirectory: other.path) == .mainActor)

        let package = try TemporaryFolder()
        defer { package.remove() }
        try package.write("Package.swift", "swiftSettings: [.defaultIsolation(MainActor.self)]\n")
        #expect(DefaultActorIsolation.detect(inDirectory: package.path) == .mainActor)
        let configured = Configuration(rootDirectory: package.path, defaultActorIsolation: .nonisolated)
        #expect(configured.effectiveDefaultActorIsolation(currentDirectory: package.path) == .nonisolated)
        let unconfigured = Configuration(rootDirectory: package.path)
        #expect(unconfigured.effectiveDefaultActorIsolation(currentDirectory: package.path) == .mainActor)
        #expect(Configuration(rootDirectory: folder.path).effectiveDefaultActorIsolation(currentDirectory: other.path) == .mainActor)
    }

    @Test func nonisolatedNonsendingFeature() throws {
        #expect(UpcomingFeatures.enablesNonisolatedNonsending(packageManifest: """
            swiftSettings: [
                .enableUpcomingFeature( "NonisolatedNonsendingByDefault" ),
            ]
            """))
        #expect(!UpcomingFeatures.enablesNonisolatedNonsending(packageManifest: "// .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")"))
        #expect(!UpcomingFeatures.enablesNonisolatedNonsending(packageManifest: ".enableUpcomingFeature(\"ExistentialAny\")"))
        #expect(UpcomingFeatures.enablesNonisolatedNonsending(buildSettings: "\t\tSWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT = YES;\n"))
        #expect(UpcomingFeatures.enablesNonisolatedNonsending(buildSettings: "SWIFT_APPROACHABLE_CONCURRENCY = YES;\n"))
        #expect(!UpcomingFeatures.enablesNonisolatedNonsending(buildSettings: "SWIFT_APPROACHABLE_CONCURRENCY = NO;\n"))
        #expect(UpcomingFeatures.enablesNonisolatedNonsending(buildSettings: "SWIFT_APPROACHABLE_CONCURRENCY = NO;\r\n\tSWIFT_APPROACHABLE_CONCURRENCY = YES;"))
        #expect(!UpcomingFeatures.enablesNonisolatedNonsending(buildSettings: "// SWIFT_APPROACHABLE_CONCURRENCY = YES;\nOTHER = YES;"))

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(!Configuration(rootDirectory: folder.path).nonisolatedNonsendingByDefault(currentDirectory: folder.path))
        try folder.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n SWIFT_APPROACHABLE_CONCURRENCY = YES;\n};\n")
        #expect(Configuration(rootDirectory: folder.path).nonisolatedNonsendingByDefault(currentDirectory: folder.path))
    }

    @Test func isolationFromXcodeGenSpecs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project.yml", "name: App\ninclude:\n- path: App/SupportingFiles/target.yml\n")
        #expect(DefaultActorIsolation.detect(inDirectory: folder.path) == nil)
        try folder.write(
            "App/SupportingFiles/target.yml",
            "targets:\n  App:\n    settings:\n      base:\n        SWIFT_APPROACHABLE_CONCURRENCY: YES\n        SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor\n")
        #expect(DefaultActorIsolation.detect(inDirectory: folder.path) == .mainActor)
        #expect(UpcomingFeatures.enablesNonisolatedNonsending(inDirectory: folder.path))
    }

    // MARK: Rule selection

    func selected(
        _ configuration: Configuration = Configuration(rootDirectory: "/p"), enable: [String] = [], disable: [String] = [],
        only: [String] = []
    ) throws -> [String] {
        try RuleSelection.resolve(catalog: testCatalog, configuration: configuration, enable: enable, disable: disable, only: only)
            .ruleIDs
    }

    @Test func defaultRulesExcludeOptIn() throws {
        #expect(try selected() == ["state_initialized_from_outside", "missing_published", "nested_observable_object"])
    }

    @Test func configurationSelection() throws {
        var configuration = Configuration(rootDirectory: "/p")
        configuration.optInRules = ["unread_observed_object"]
        configuration.disabledRules = ["missing_published"]
        #expect(try selected(configuration) == ["state_initialized_from_outside", "nested_observable_object", "unread_observed_object"])
        configuration.onlyRules = ["missing_published", "nested_observable_object"]
        #expect(try selected(configuration) == ["nested_observable_object"])
    }

    @Test func commandLineSelection() throws {
        var configuration = Configuration(rootDirectory: "/p")
        configuration.disabledRules = ["missing_published"]
        #expect(try selected(configuration, enable: ["unread_observed_object"]) == [
            "state_initialized_from_outside", "nested_observable_object", "unread_observed_object",
        ])
        #expect(try selected(configuration, disable: ["state_initialized_from_outside"]) == ["nested_observable_object"])
        #expect(try selected(configuration, only: ["missing_published"]) == ["missing_published"])
        #expect(try selected(configuration, enable: ["unread_observed_object"], only: ["missing_published"]) == [
            "missing_published", "unread_observed_object",
        ])
    }

    @Test func unknownCommandLineRule() {
        #expect(throws: RuleSelectionError(messages: ["'missing_publish' is not a rule or a group; did you mean 'missing_published'? (in --disable)"])) {
            try selected(disable: ["missing_publish"])
        }
        #expect(throws: RuleSelectionError.self) { try selected(only: ["nope"]) }
        #expect(throws: RuleSelectionError.self) { try selected(enable: ["nope"]) }
    }

    /// testCatalog: state (suspicious), published (correctness), nested (suspicious), unread (performance).
    @Test func groupNamesStandForTheirRules() throws {
        #expect(try selected(only: ["suspicious"]) == ["state_initialized_from_outside", "nested_observable_object"])
        #expect(try selected(enable: ["performance"], disable: ["correctness"]) == [
            "state_initialized_from_outside", "nested_observable_object", "unread_observed_object",
        ])
        var configuration = Configuration(rootDirectory: "/p")
        configuration.optInRules = ["performance"]
        configuration.disabledRules = ["suspicious"]
        #expect(try selected(configuration) == ["missing_published", "unread_observed_object"])
        configuration = Configuration(rootDirectory: "/p", onlyRules: ["correctness", "unread_observed_object"])
        #expect(try selected(configuration) == ["missing_published", "unread_observed_object"])
        #expect(throws: RuleSelectionError(messages: ["'pedantik' is not a rule or a group; did you mean 'pedantic'? (in --enable)"])) {
            try selected(enable: ["pedantik"])
        }
        // Severities are set per rule, not per group.
        configuration = Configuration(rootDirectory: "/p", ruleSeverities: ["suspicious": .error])
        #expect(throws: RuleSelectionError(messages: ["'suspicious' is not a rule (see `observation-lint rules`) (in 'rules' of .observation-lint.yml)"])) {
            try selected(configuration)
        }
    }

    @Test func groupsAndIncludeTestsInTheFile() throws {
        let configuration = try parse("opt_in_rules: [pedantic]\ndisabled_rules: [style, missing_published]\ninclude_tests: true\n")
        #expect(configuration.optInRules == ["pedantic"])
        #expect(configuration.disabledRules == ["style", "missing_published"])
        #expect(configuration.includeTests)
        #expect(try !parse("included: [A]\n").includeTests)
        #expect(issues("include_tests: sometimes\n") == [".observation-lint.yml:1: 'include_tests' must be true or false"])
        #expect(issues("only_rules: [stile]\n") == [".observation-lint.yml:1: 'stile' is not a rule or a group; did you mean 'style'?"])
        #expect(issues("rules:\n  style: error\n") == [".observation-lint.yml:2: 'style' is not a rule (see `observation-lint rules`)"])
    }

    @Test func severityOverrides() throws {
        var configuration = Configuration(rootDirectory: "/p")
        configuration.ruleSeverities = ["missing_published": .error, "unread_observed_object": .error]
        let selection = try RuleSelection.resolve(catalog: testCatalog, configuration: configuration)
        #expect(selection.severityOverrides == ["missing_published": .error])
    }

    @Test func flagValuesSplitCommas() {
        #expect(RuleSelection.flagValues(["a,b", " c ", ""]) == ["a", "b", "c"])
    }

    @Test func suggestions() {
        #expect(NameSuggestion.closest(to: "exclude", in: Configuration.keys) == "excluded")
        #expect(NameSuggestion.closest(to: "xyz", in: Configuration.keys) == nil)
    }
}
