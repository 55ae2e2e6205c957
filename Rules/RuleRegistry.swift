enum RuleRegistry {}
