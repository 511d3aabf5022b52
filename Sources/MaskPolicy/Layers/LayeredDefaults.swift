import MaskDiagnostics
import MaskEngine

/// Policy format 1.1 across layers: per-dimension defaults and the `detect:` safety net.
///
/// A layer keeps every detector of its bases (the merged list is the bases' detectors,
/// then the layer's new ones) and every per-dimension default it does not give itself.
/// A `defaults:` entry that shows more than a base does for that dimension (the base's
/// own entry, else its `default`) is a loosening like `default: unmask`: an error at the
/// entry naming the base, unless the base lists `default` in `allowUnmask:`.
enum LayeredDefaults {
    /// How strict a dimension's default is: 0 shows everything, 2 masks everything.
    static func strictness(_ dimension: DefaultDimension, _ defaults: DimensionDefaults, fallback: MaskAction) -> Int {
        defaults.strictness(of: dimension, fallback: fallback)
    }

    /// The loosenings in `layer`'s `defaults:` over its bases.
    static func loosenings(of layer: ParsedPolicy, over bases: [(file: String, cumulative: PolicyLayers.Cumulative)]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for dimension in DefaultDimension.allCases {
            guard layer.defaults.value(of: dimension) != nil, let range = layer.defaultsRanges[dimension] else { continue }
            let mine = strictness(dimension, layer.defaults, fallback: layer.defaultAction)
            let forbidding = bases.first { base in
                strictness(dimension, base.cumulative.defaults, fallback: base.cumulative.defaultAction) > mine
                    && !Tightening.allowsDefault(base.cumulative.allowances)
            }
            if let base = forbidding {
                found.append(Diagnostic(.loosensBase, "'defaults.\(dimension.rawValue): \(layer.defaults.value(of: dimension) ?? "")' loosens base '\(base.file)', which masks more and does not allow it",
                                        at: range, hint: "leave the dimension to the base, or have the base list 'default' in 'allowUnmask:'"))
            }
        }
        return found
    }

    /// The merged per-dimension defaults and detectors: the layer's entries over those of
    /// its bases (the strictest base first), every detector once.
    static func combine(_ layer: ParsedPolicy, over bases: [PolicyLayers.Cumulative], into result: inout PolicyLayers.Cumulative) {
        var defaults = DimensionDefaults(), ranges: [DefaultDimension: SourceRange] = [:]
        var detectors: [ContentDetector] = [], detectorRanges: [SourceRange] = []
        for dimension in DefaultDimension.allCases {
            // Below the layer: the strictest base's value for the dimension.
            let strictest = bases.max { strictness(dimension, $0.defaults, fallback: $0.defaultAction) < strictness(dimension, $1.defaults, fallback: $1.defaultAction) }
            let source: (DimensionDefaults, [DefaultDimension: SourceRange])? = layer.defaults.value(of: dimension) != nil
                ? (layer.defaults, layer.defaultsRanges) : strictest.map { ($0.defaults, $0.defaultsRanges) }
            guard let (values, valueRanges) = source else { continue }
            switch dimension {
            case .text: defaults.text = values.text
            case .inputs: defaults.inputs = values.inputs
            case .images: defaults.images = values.images
            }
            ranges[dimension] = valueRanges[dimension]
        }
        for (list, listRanges) in bases.map({ ($0.detectors, $0.detectorRanges) }) + [(layer.detectors, layer.detectorRanges)] {
            for (index, detector) in list.enumerated() where !detectors.contains(detector) {
                detectors.append(detector)
                if index < listRanges.count { detectorRanges.append(listRanges[index]) }
            }
        }
        result.defaults = defaults
        result.defaultsRanges = ranges
        result.detectors = detectors
        result.detectorRanges = detectorRanges
    }
}
