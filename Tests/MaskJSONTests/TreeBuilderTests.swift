import Testing
import MaskEngine
import MaskJSON

/// The 1-based line and column (in Unicode scalars) of the first occurrence of `needle` in `text`.
func lineColumn(of needle: String, in text: String, occurrence: Int = 1) -> (line: Int, column: Int) {
    let bytes = Array(text.utf8), pattern = Array(needle.utf8)
    var seen = 0
    var found = -1
    if bytes.count >= pattern.count {
        for i in 0...(bytes.count - pattern.count) where Array(bytes[i..<i + pattern.count]) == pattern {
            seen += 1
            if seen == occurrence { found = i; break }
        }
    }
    precondition(found >= 0, "needle not found")
    let before = String(decoding: bytes[..<found], as: UTF8.self)
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.count, lines.last!.unicodeScalars.count + 1)
}

/// Checks a tree error's path, position and message.
func expectTreeError(
    _ text: String, path: String, at needle: String, occurrence: Int = 1, messageContains: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = treeError(text) else {
        Issue.record("the tree was read; expected an error at \(path)", sourceLocation: sourceLocation)
        return
    }
    let (line, column) = lineColumn(of: needle, in: text, occurrence: occurrence)
    #expect(error.path == path, "\(error.rendered)", sourceLocation: sourceLocation)
    #expect(error.line == line, "\(error.rendered)", sourceLocation: sourceLocation)
    #expect(error.column == column, "\(error.rendered)", sourceLocation: sourceLocation)
    #expect(error.file == "t.json", sourceLocation: sourceLocation)
    for fragment in messageContains {
        #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
    }
}

@Suite("TreeBuilder")
struct TreeBuilderTests {
    // MARK: Shape errors

    @Test("a view without class names its path and position")
    func missingClass() {
        let text = """
        {"screen":"S","root":{"class":"UIView","children":[
          {"class":"UILabel"},
          {"id":"x","text":"hello"}
        ]}}
        """
        expectTreeError(text, path: "$.root.children[1]", at: #"{"id""#, messageContains: ["class"])
        #expect(treeError(text)?.line == 3)
        #expect(treeError(text)?.column == 3)
    }

    @Test("a bare root without class or root is rejected at $")
    func missingClassAtRoot() {
        expectTreeError(#"{"text":"hello"}"#, path: "$", at: "{", messageContains: ["class"])
        expectTreeError(#"{"root":{"text":"hello"}}"#, path: "$.root", at: #"{"text""#, messageContains: ["class"])
    }

    @Test("class not a string names its path and position")
    func classNotString() {
        let text = """
        {
          "class": "UIView",
          "children": [
            {"class": 42}
          ]
        }
        """
        expectTreeError(text, path: "$.children[0].class", at: "42", messageContains: ["string", "number"])
        #expect(treeError(text)?.line == 4)
        #expect(treeError(text)?.column == 15)
        expectTreeError(#"{"class":null}"#, path: "$.class", at: "null", messageContains: ["string"])
        expectTreeError(#"{"class":["UIView"]}"#, path: "$.class", at: "[", messageContains: ["string", "array"])
        expectTreeError(#"{"root":{"class":true}}"#, path: "$.root.class", at: "true", messageContains: ["string", "boolean"])
    }

    @Test("an empty class name is rejected")
    func emptyClass() {
        expectTreeError(#"{"class":"UIView","children":[{"class":""}]}"#, path: "$.children[0].class", at: #""""#)
    }

    @Test("children not an array names its path and position")
    func childrenNotArray() {
        expectTreeError(#"{"class":"UIView","children":{"class":"UILabel"}}"#, path: "$.children", at: #"{"class":"UILabel"}"#,
                        messageContains: ["array", "object"])
        expectTreeError(#"{"class":"UIView","children":"x"}"#, path: "$.children", at: #""x""#, messageContains: ["array", "string"])
        expectTreeError(#"{"root":{"class":"UIView","children":[{"class":"A","children":5}]}}"#,
                        path: "$.root.children[0].children", at: "5", messageContains: ["array", "number"])
    }

    @Test("a child that is not an object names its path and position")
    func childNotObject() {
        expectTreeError(#"{"class":"UIView","children":[{"class":"A"},"B",{"class":"C"}]}"#,
                        path: "$.children[1]", at: #""B""#, messageContains: ["object", "string"])
        expectTreeError(#"{"class":"UIView","children":[[]]}"#, path: "$.children[0]", at: "[]", messageContains: ["object", "array"])
        expectTreeError(#"{"root":{"class":"V","children":[{"class":"A","children":[{"class":"B"},7]}]}}"#,
                        path: "$.root.children[0].children[1]", at: "7", messageContains: ["object", "number"])
        expectTreeError(#"{"class":"V","children":[null]}"#, path: "$.children[0]", at: "null", messageContains: ["null"])
    }

    @Test("a missing class deep in the tree names every sibling index on the way")
    func deepMissingClassPath() {
        let text = #"{"class":"R","children":[{"class":"A"},{"class":"B","children":[{"class":"C"},{"class":"D","children":[{"id":"q"}]}]}]}"#
        expectTreeError(text, path: "$.children[1].children[1].children[0]", at: #"{"id""#)
    }

    @Test("a duplicate class key is rejected with the view's path")
    func duplicateClass() {
        let text = #"{"class":"UIView","children":[{"class":"A","class":"B"}]}"#
        let error = treeError(text)
        #expect(error != nil)
        #expect(error?.path == "$.children[0]" || error?.path == "$.children[0].class")
        #expect(error?.message.contains("duplicate") == true)
        #expect(error?.message.contains("class") == true)
        let (line, column) = lineColumn(of: #""class":"B""#, in: text)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test("other duplicate engine keys are rejected", arguments: ["tag", "children", "id", "isSecureTextEntry"])
    func duplicateKeys(_ key: String) {
        let value = key == "children" ? "[]" : key == "isSecureTextEntry" ? "true" : "1"
        let text = #"{"class":"UIView","\#(key)":\#(value),"\#(key)":\#(value)}"#
        let error = treeError(text)
        #expect(error?.message.contains("duplicate") == true)
        #expect(error?.path.hasPrefix("$") == true)
        #expect(error?.column == lineColumn(of: "\"\(key)\"", in: text, occurrence: 2).column)
    }

    @Test("tag not an integer is rejected", arguments: [#""7""#, "1.5", "true", "[]", "{}"])
    func tagNotInteger(_ value: String) {
        expectTreeError(#"{"root":{"class":"UIView","children":[{"class":"A","tag":\#(value)}]}}"#,
                        path: "$.root.children[0].tag", at: value, messageContains: ["integer"])
        let error = treeError(#"{"class":"A","tag":\#(value)}"#)
        #expect(error?.column == 20)
        #expect(error?.path == "$.tag")
    }

    @Test("integer tags, including negative and null, are read")
    func integerTags() throws {
        #expect(try readDocument(#"{"class":"A","tag":-3}"#).tree.views[0].tag == -3)
        #expect(try readDocument(#"{"class":"A","tag":42}"#).tree.views[0].tag == 42)
        #expect(try readDocument(#"{"class":"A","tag":null}"#).tree.views[0].tag == nil)
    }

    @Test("equal superclass lists are read as one shared array, each element as written")
    func superclassListsAreShared() throws {
        let views = try readDocument(#"{"class":"R","children":[{"class":"A","superclasses":["UILabel","UIView"]},"#
            + #"{"class":"B","superclasses":["UILabel","UIView"]},{"class":"C","superclasses":["UI\u004cabel","UIView"]},"#
            + #"{"class":"D","superclasses":[]},{"class":"E","superclasses":["UIView"]},{"class":"F","superclasses":["UILabel"]},"#
            + #"{"class":"G","superclasses":["UIView","UILabel"]},{"class":"H","superclasses":null}]}"#).tree.views
        func storage(_ list: [String]?) -> UnsafePointer<String>? { list?.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(views[1].superclasses == ["UILabel", "UIView"] && views[2].superclasses == ["UILabel", "UIView"])
        #expect(storage(views[1].superclasses) == storage(views[2].superclasses))
        // An escaped name is decoded, not looked up by its raw bytes.
        #expect(views[3].superclasses == ["UILabel", "UIView"])
        #expect(views[4].superclasses == [] && views[5].superclasses == ["UIView"] && views[6].superclasses == ["UILabel"])
        #expect(views[7].superclasses == ["UIView", "UILabel"] && views[8].superclasses == nil)
    }

    @Test("superclasses that are not strings are rejected")
    func superclassesNotStrings() {
        expectTreeError(#"{"class":"A","superclasses":["UIView",3]}"#, path: "$.superclasses[1]", at: "3]",
                        messageContains: ["string", "number"])
        expectTreeError(#"{"class":"A","superclasses":[null]}"#, path: "$.superclasses[0]", at: "null", messageContains: ["string"])
        expectTreeError(#"{"class":"A","superclasses":"UIView"}"#, path: "$.superclasses", at: #""UIView""#,
                        messageContains: ["array"])
        expectTreeError(#"{"class":"R","children":[{"class":"A","superclasses":["UIView",{}]}]}"#,
                        path: "$.children[0].superclasses[1]", at: "{}", messageContains: ["string", "object"])
    }

    @Test("flags and identifiers of the wrong type are rejected")
    func wrongFieldTypes() {
        expectTreeError(#"{"class":"A","isSecureTextEntry":"yes"}"#, path: "$.isSecureTextEntry", at: #""yes""#, messageContains: ["boolean"])
        expectTreeError(#"{"class":"A","password":1}"#, path: "$.password", at: "1", messageContains: ["boolean"])
        expectTreeError(#"{"class":"A","accessibilityIdentifier":5}"#, path: "$.accessibilityIdentifier", at: "5", messageContains: ["string"])
        expectTreeError(#"{"class":"A","restorationIdentifier":[]}"#, path: "$.restorationIdentifier", at: "[", messageContains: ["string"])
        expectTreeError(#"{"class":"A","textContentType":false}"#, path: "$.textContentType", at: "false", messageContains: ["string"])
        expectTreeError(#"{"class":"A","id":true}"#, path: "$.id", at: "true", messageContains: ["string"])
    }

    // MARK: Wrapper errors

    @Test("wrapper errors name $.screen and $.root")
    func wrapperErrors() {
        expectTreeError(#"{"screen":5,"root":{"class":"A"}}"#, path: "$.screen", at: "5", messageContains: ["string"])
        expectTreeError(#"{"screen":"S","root":"A"}"#, path: "$.root", at: #""A""#, messageContains: ["object"])
        expectTreeError(#"{"screen":"S","root":[]}"#, path: "$.root", at: "[", messageContains: ["object"])
        let duplicateRoot = treeError(#"{"root":{"class":"A"},"root":{"class":"B"}}"#)
        #expect(duplicateRoot?.path == "$.root")
        #expect(duplicateRoot?.message.contains("duplicate") == true)
        let duplicateScreen = treeError(#"{"screen":"a","screen":"b","root":{"class":"A"}}"#)
        #expect(duplicateScreen?.path == "$.screen")
        #expect(duplicateScreen?.message.contains("duplicate") == true)
    }

    @Test("a document that is not an object is rejected at $", arguments: [#"[{"class":"A"}]"#, #""UIView""#, "42", "null"])
    func notAnObject(_ text: String) {
        let error = treeError(text)
        #expect(error?.path == "$")
        #expect(error?.line == 1)
        #expect(error?.column == 1)
    }

    // MARK: Positions

    @Test("syntax errors become tree errors with line, column and path")
    func syntaxErrorPosition() {
        let text = """
        {
          "class": "UILabel",
          "text": "\\x"
        }
        """
        let error = treeError(text, file: "screen.json")
        #expect(error?.file == "screen.json")
        #expect(error?.line == 3)
        #expect(error?.column == 12)
        #expect(error?.path == "$.text")
    }

    @Test("columns count characters, not bytes")
    func columnsInCharacters() {
        let text = "{\"class\":\"UIView\",\"accessibilityLabel\":\"\u{DC}n\u{EF}c\u{F6}d\u{E9} \u{1F600}\",\"tag\":\"x\"}"
        let error = treeError(text)
        let prefix = text.prefix { $0 != "x" }
        #expect(error?.column == prefix.unicodeScalars.count)
        #expect(error?.column == lineColumn(of: "\"x\"", in: text).column)
        #expect(error?.path == "$.tag")
    }

    @Test("firstLine offsets the reported line (NDJSON)")
    func firstLineOffset() {
        let error = treeError(#"{"class":"A","tag":"x"}"#, firstLine: 10)
        #expect(error?.line == 10)
        #expect(error?.column == 20)
        let syntax = treeError("{\"class\":\"A\",\n\"tag\":01}", firstLine: 5)
        #expect(syntax?.line == 6)
        #expect(syntax?.column == 7)
    }

    @Test("a byte order mark starts line 1 only: skipped there, never written, and columns ignore it")
    func byteOrderMark() throws {
        let masker = TreeMasker(table: DecisionTable(policy: MaskingPolicy()))
        let tree = #"{"screen":"S","root":{"class":"UILabel","text":"a\#u{FEFF}b"}}"#
        let masked = try masker.apply([0xEF, 0xBB, 0xBF] + Array(tree.utf8), file: "t.json")
        #expect(masked == (try masker.apply(Array(tree.utf8), file: "t.json")))
        #expect(masked.starts(with: Array("{".utf8)))
        #expect(try masker.read([0xEF, 0xBB, 0xBF] + Array(tree.utf8), file: "t.json").tree.views.count == 1)
        // Errors on line 1 are placed as without the mark.
        #expect(treeError("\u{FEFF}" + #"{"class":7}"#)?.column == 10)
        // On a later NDJSON line it is an error at its place.
        let later = try #require(treeError("\u{FEFF}" + #"{"class":"A"}"#, firstLine: 3))
        #expect((later.line, later.column) == (3, 1))
        #expect(later.message.hasPrefix("byte order mark (U+FEFF)"))
    }

    @Test("rendered errors read FILE:LINE:COL: error: MESSAGE at PATH")
    func renderedError() throws {
        let error = try #require(treeError(#"{"class":"UIView","children":[{"class":42}]}"#))
        #expect(error.rendered == "t.json:\(error.line):\(error.column): error: \(error.message) at \(error.path)")
        #expect(error.rendered.hasPrefix("t.json:1:40: error: "))
        #expect(lineColumn(of: "42", in: #"{"class":"UIView","children":[{"class":42}]}"#).column == 40)
        #expect(error.rendered.hasSuffix(" at $.children[0].class"))
    }

    @Test("tree error messages never quote string values from the tree")
    func noValuesInErrors() {
        let cases = [
            #"{"class":"UIView","children":[{"text":"TOPSECRET"}]}"#,
            #"{"class":"UIView","tag":"TOPSECRET"}"#,
            #"{"class":"UIView","superclasses":["TOPSECRET",1]}"#,
            #"{"screen":"TOPSECRET","root":5}"#,
            #"{"class":"UIView","id":"TOPSECRET","children":["TOPSECRET"]}"#,
            #"{"class":"UIView","text":"TOPSECRET","extra":"TOPSECRET\u"}"#,
            #"{"class":"UIView","TOPSECRET":{"TOPSECRET 4111111111111111":NaN}}"#,
            #"{"screen":"S","TOPSECRET":[{"TOPSECRET 4111111111111111":"\x"}],"root":{"class":"A"}}"#,
            #"{"root":{"class":"A","children":[{"class":"B","TOPSECRET":{"TOPSECRET 4111111111111111":tru}}]}}"#,
            #"{"class":"UIView","TOPSECRET":{"TOPSECRET 4111111111111111":"#,
        ]
        for text in cases {
            let error = treeError(text)
            #expect(error != nil, "\(text)")
            #expect(error?.rendered.contains("TOPSECRET") == false, "\(text)")
            #expect(error?.rendered.contains("4111") == false, "\(text)")
        }
    }

    // MARK: Documents

    @Test("a bare node is read unwrapped")
    func bareNode() throws {
        let document = try readDocument(#"{"class":"UIView","children":[{"class":"UILabel","text":"hi"}]}"#)
        #expect(document.isWrapped == false)
        #expect(document.tree.screen == nil)
        #expect(document.tree.count == 2)
        #expect(document.viewTokens.first == 0)
    }

    @Test("a wrapper gives the screen and its root")
    func wrapper() throws {
        let document = try readDocument(#"{"screen":"HomeViewController","root":{"class":"UIView","children":[{"class":"UILabel"}]}}"#)
        #expect(document.isWrapped)
        #expect(document.tree.screen == "HomeViewController")
        #expect(document.tree.views.map(\.className) == ["UIView", "UILabel"])
        #expect(document.viewTokens.first == 4)
    }

    @Test("wrapper variants: root first, null screen, no screen, extra keys")
    func wrapperVariants() throws {
        let rootFirst = try readDocument(#"{"root":{"class":"A"},"screen":"S","capturedAt":"2024"}"#)
        #expect(rootFirst.isWrapped)
        #expect(rootFirst.tree.screen == "S")
        #expect(rootFirst.tree.count == 1)
        let nullScreen = try readDocument(#"{"screen":null,"root":{"class":"A"}}"#)
        #expect(nullScreen.isWrapped)
        #expect(nullScreen.tree.screen == nil)
        let noScreen = try readDocument(#"{"root":{"class":"A"}}"#)
        #expect(noScreen.isWrapped)
        #expect(noScreen.tree.screen == nil)
    }

    @Test("a top-level object with both class and root is refused: it could hide a tree in a field")
    func classAndRootIsAmbiguous() throws {
        #expect(throws: TreeError.self) { try readDocument(#"{"class":"UIView","root":{"class":"UILabel","text":"secret"}}"#) }
    }

    @Test("the engine's facts are read from a node")
    func factsRead() throws {
        let document = try readDocument(#"""
        {"class":"UITextField","superclasses":["UIControl","UIView"],"id":"f1","accessibilityIdentifier":"login.email",
         "restorationIdentifier":"r1","tag":7,"isSecureTextEntry":true,"textContentType":"username","text":"x"}
        """#)
        let facts = document.tree.views[0]
        #expect(facts.className == "UITextField")
        #expect(facts.superclasses == ["UIControl", "UIView"])
        #expect(facts.id == "f1")
        #expect(facts.accessibilityIdentifier == "login.email")
        #expect(facts.restorationIdentifier == "r1")
        #expect(facts.tag == 7)
        #expect(facts.isSecureTextEntry)
        #expect(facts.textContentType == "username")
    }

    @Test("numeric ids, password flags, nulls and escaped keys are read")
    func factVariants() throws {
        #expect(try readDocument(#"{"class":"A","id":12}"#).tree.views[0].id == "12")
        #expect(try readDocument(#"{"class":"android.widget.EditText","password":true}"#).tree.views[0].isSecureTextEntry)
        #expect(try readDocument(#"{"class":"A","password":false}"#).tree.views[0].isSecureTextEntry == false)
        let nulls = try readDocument(#"""
        {"class":"A","id":null,"accessibilityIdentifier":null,"restorationIdentifier":null,"tag":null,
         "superclasses":null,"isSecureTextEntry":null,"textContentType":null,"children":null}
        """#)
        let facts = nulls.tree.views[0]
        #expect(nulls.tree.count == 1)
        #expect(facts.id == nil && facts.accessibilityIdentifier == nil && facts.restorationIdentifier == nil)
        #expect(facts.tag == nil && facts.superclasses == nil && facts.textContentType == nil)
        #expect(facts.isSecureTextEntry == false)
        let escaped = try readDocument(#"{"cl\u0061ss":"UI\u004Cabel","t\u0061g":5,"children":[{"class":"B"}]}"#)
        #expect(escaped.tree.views[0].className == "UILabel")
        #expect(escaped.tree.views[0].tag == 5)
        #expect(escaped.tree.count == 2)
    }

    @Test("views are indexed in pre-order with parents and child indices")
    func preOrder() throws {
        let document = try readDocument(#"""
        {"class":"R","children":[
          {"class":"A","children":[{"class":"A1"},{"extra":[{"class":"NotAView"}],"class":"A2","children":[{"class":"A2a"}]}]},
          {"class":"B","children":[]},
          {"children":[{"class":"C1"}],"class":"C"}
        ]}
        """#)
        let tree = document.tree
        #expect(tree.views.map(\.className) == ["R", "A", "A1", "A2", "A2a", "B", "C", "C1"])
        #expect(tree.parents == [-1, 0, 1, 1, 3, 0, 0, 6])
        #expect(tree.childIndices == [0, 0, 0, 1, 0, 1, 2, 0])
        #expect(tree.indexPath(of: 4) == "0.0.1.0")
        #expect(tree.indexPath(of: 7) == "0.2.0")
        #expect(document.viewTokens.count == tree.count)
        let ascending = zip(document.viewTokens, document.viewTokens.dropFirst()).allSatisfy { $0 < $1 }
        #expect(ascending)
        for token in document.viewTokens {
            #expect(document.tape.tokens[Int(token)].kind == .objectStart)
        }
    }
}
