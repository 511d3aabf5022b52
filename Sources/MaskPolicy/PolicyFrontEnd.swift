// The policy front end: YAML -> validated policy -> DecisionTable.
