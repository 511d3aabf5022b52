import MaskEngine

/// Collects the views into a ``ViewTree``.
struct TreeSink: ViewSink {
    var tree = ViewTree()
    var takesRawFacts: Bool { false }
    mutating func add(_ facts: ViewFacts, parent: Int?) { tree.append(facts, parent: parent) }
    mutating func add(raw facts: RawViewFacts, parent: Int?) { tree.append(facts.facts, parent: parent) }
}

/// Decides the views as they are read.
struct DecidingSink: ViewSink {
    var resolver: IncrementalResolver
    var takesRawFacts: Bool { resolver.takesRawFacts }
    mutating func add(_ facts: ViewFacts, parent: Int?) { resolver.add(facts, parent: parent) }
    mutating func add(raw facts: RawViewFacts, parent: Int?) { resolver.add(raw: facts, parent: parent) }
}
