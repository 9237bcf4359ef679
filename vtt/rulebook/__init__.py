"""The rules reference (docs/rules/reference) served in the app, behind each action's help mark."""
