import Testing
import MaskEngine
import MaskJSON

/// A tree with every kind of view and field the writer treats differently.
let richTree = #"""
{"screen":"Checkout","capturedBy":"tester@example.com","root":{"class":"UIView","id":"root","frame":{"x":0,"y":0},"children":[
 {"class":"UILabel","text":"Total: 42,00 €","accessibilityValue":42,"font":"body"},
 {"class":"UITextField","isSecureTextEntry":true,"text":"hunter2","placeholder":"Password"},
 {"class":"UITextField","textContentType":"oneTimeCode","text":123456},
 {"class":"UIImageView","image":"iVBORw0KGgo=","accessibilityLabel":"Avatar of Jane"},
 {"class":"SwiftUI.Text","text":"Jane Doe","placeholder":"x"},
 {"class":"MKMapView","children":[{"class":"UILabel","text":"Home"}]},
 {"class":"OpaqueChart","children":[{"class":"UILabel","text":"Revenue"}]},
 {"class":"UIButton","title":"Pay e\u0301 👨‍👩‍👧","image":"icon","meta":{"a":["x y",1,null,{"b":"\"q\""}]},"masking":{"note":"n"}},
 {"class":"UIStackView","children":[{"class":"UILabel","text":"Shown\ttext","tag":7}]}
]}}
"""#

let richTypes = "types:\n  OpaqueChart: { extends: UIView, recurse: false }\n"

let mixedPolicy = """
version: 1
default: mask
types:
  OpaqueChart: { extends: UIView, recurse: false }
rules:
  - unmask: { type: UIStackView }
  - unmask: { type: UIImageView }
"""

@Suite("Idempotency")
struct IdempotencyTests {
    @Test("apply is deterministic", arguments: [false, true])
    func deterministic(_ explain: Bool) throws {
        let input = Array(richTree.utf8)
        let first = try maskedBytes(input, policy: maskAllPolicy + richTypes, explain: explain)
        let masker = TreeMasker(table: try compileTable(maskAllPolicy + richTypes), options: EmitOptions(explain: explain))
        for _ in 0..<5 {
            #expect(try masker.apply(input, file: "t.json") == first)
        }
        #expect(try maskedBytes(input, policy: maskAllPolicy + richTypes, explain: explain) == first)
        #expect(first.last == 0x0A)
    }

    @Test("masking the output of a fully masked tree again changes nothing", arguments: [false, true])
    func fullyMaskedIsFixedPoint(_ explain: Bool) throws {
        let policy = maskAllPolicy + richTypes
        let once = try maskedBytes(Array(richTree.utf8), policy: policy, explain: explain)
        #expect(once != Array(richTree.utf8))
        let twice = try maskedBytes(Array(once.dropLast()), policy: policy, explain: explain)
        #expect(twice == once)
        let thrice = try maskedBytes(twice, policy: policy, explain: explain)
        #expect(thrice == once)
    }

    @Test("the masked output is what the contract says")
    func fullyMaskedOutput() throws {
        let output = try masked(richTree, policy: maskAllPolicy + richTypes)
        let expected = #"{"screen":"Checkout","capturedBy":"lalalalalalalalala","root":{"class":"UIView","id":"root","frame":{"x":0,"y":0},"children":["#
            + #"{"class":"UILabel","text":"lalala alala a","accessibilityValue":"la","font":"body"},"#
            + #"{"class":"UITextField","isSecureTextEntry":true,"text":"•••••••","placeholder":"••••••••"},"#
            + #"{"class":"UITextField","textContentType":"oneTimeCode","text":"••••••"},"#
            + #"{"class":"UIImageView","accessibilityLabel":"lalala al lala","placeholder":"IMG"},"#
            + #"{"class":"SwiftUI.Text","placeholder":"RECT"},"#
            + #"{"class":"MKMapView","placeholder":"MAP"},"#
            + #"{"class":"OpaqueChart"},"#
            + #"{"class":"UIButton","title":"lal l l","meta":{"l":["l l","l",null,{"l":"lal"}]}},"#
            + #"{"class":"UIStackView","children":[{"class":"UILabel","text":"lalal\tlala","tag":7}]}"#
            + "]}}\n"
        #expect(output == expected)
    }

    @Test("masking again with a mixed or unmask-all policy changes nothing", arguments: [mixedPolicy, unmaskAllPolicy + richTypes])
    func otherPoliciesAreFixedPoints(_ policy: String) throws {
        for explain in [false, true] {
            let once = try maskedBytes(Array(richTree.utf8), policy: policy, explain: explain)
            let twice = try maskedBytes(once, policy: policy, explain: explain)
            #expect(twice == once)
        }
    }

    @Test("separately compiled copies of a policy give the same bytes")
    func sameAcrossCompilations() throws {
        let a = TreeMasker(table: try compileTable(mixedPolicy), options: EmitOptions(explain: true))
        let b = TreeMasker(table: try compileTable(mixedPolicy), options: EmitOptions(explain: true))
        let input = Array(richTree.utf8)
        #expect(try a.apply(input, file: "t.json") == b.apply(input, file: "t.json"))
    }
}
