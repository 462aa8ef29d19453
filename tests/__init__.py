"""rulekit tests."""
