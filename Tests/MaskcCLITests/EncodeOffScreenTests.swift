import Foundation
import Testing

/// `maskc encode` then `maskc decode`: what is not on screen is not in the replay, and
/// what is, is not removed (content clipped away, a view showing through a rounded
/// corner, Appium's `displayed`).
@Suite("encode: only what the screen shows")
struct EncodeOffScreenTests {
    static let folder = "maskc-encode-off-screen-\(ProcessInfo.processInfo.processIdentifier)"
    static let policy = "version: 1\ndefault: unmask\n"

    /// Encodes `input` (written as `name`) and decodes the stream: the listing and `--stats`.
    static func encodeAndDecode(_ name: String, _ input: String) throws -> (listing: String, stats: String) {
        let tree = try CLIHarness.temporaryFile(folder, name, input)
        let policy = try CLIHarness.temporaryFile(folder, "unmask.yaml", Self.policy)
        let out = tree + ".bin"
        let encoded = try CLIHarness.run(["encode", tree, "--policy", policy, "-o", out, "--stats"])
        #expect(encoded.exit == 0, "\(encoded.transcript)")
        let decoded = try CLIHarness.run(["decode", out])
        #expect(decoded.exit == 0, "\(decoded.transcript)")
        return (decoded.stdout, encoded.stdout)
    }

    @Test("text clipped away by a scroll view or by its own clipsToBounds is not sent at its frame")
    func clippedContent() throws {
        let (listing, stats) = try Self.encodeAndDecode("clip.json", """
            {"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
             {"class":"UILabel","text":"OUTSIDE","clipsToBounds":true,"frame":{"x":0,"y":0,"width":100,"height":40},"contentFrame":{"x":200,"y":200,"width":50,"height":20}},
             {"class":"UIScrollView","frame":{"x":0,"y":100,"width":100,"height":100},"children":[
               {"class":"UILabel","text":"TEXT_CLIPPED_AWAY","frame":{"x":0,"y":150,"width":100,"height":40},"contentFrame":{"x":0,"y":250,"width":50,"height":20}}]},
             {"class":"UILabel","text":"SHOWN","frame":{"x":0,"y":300,"width":100,"height":40}}
            ]}}
            """)
        #expect(!listing.contains("OUTSIDE") && !listing.contains("CLIPPED_AWAY"), "\(listing)")
        #expect(listing.contains("label 0 300 100 40 \"SHOWN\""), "\(listing)")
        #expect(stats.contains("clipped 2,"), "\(stats)")
    }

    @Test("a label showing through a rounded, clipping card's corner is not removed as covered")
    func roundedCorner() throws {
        let (listing, stats) = try Self.encodeAndDecode("corner.json", """
            {"screen":"S","root":{"class":"UIView","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
             {"class":"UILabel","text":"UNDER_CORNER","frame":{"x":0,"y":0,"width":20,"height":20}},
             {"class":"UIView","cornerRadius":40,"clipsToBounds":true,"frame":{"x":0,"y":0,"width":200,"height":200},"children":[
               {"class":"UIView","backgroundColor":"#FFFFFF","frame":{"x":0,"y":0,"width":200,"height":200}}]}
            ]}}
            """)
        #expect(listing.contains("label 0 0 20 20 \"UNDER_CORNER\""), "\(listing)")
        #expect(stats.contains("covered 0,"), "\(stats)")
    }

    @Test("an Appium Android element with displayed=\"false\" is hidden")
    func appiumDisplayed() throws {
        let (listing, stats) = try Self.encodeAndDecode("appium.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2340">
              <android.widget.FrameLayout index="0" package="com.example" class="android.widget.FrameLayout" bounds="[0,0][1080,2340]" displayed="true">
                <android.widget.TextView index="0" class="android.widget.TextView" text="SHOWN_TEXT" bounds="[0,0][500,100]" displayed="true"/>
                <android.widget.TextView index="1" class="android.widget.TextView" text="NOT_DISPLAYED_TEXT" bounds="[0,200][500,300]" displayed="false"/>
                <android.widget.TextView index="2" class="android.widget.TextView" text="NOT_VISIBLE_TO_USER" bounds="[0,400][500,500]" visible-to-user="false"/>
              </android.widget.FrameLayout>
            </hierarchy>
            """)
        #expect(listing.contains("\"SHOWN_TEXT\""), "\(listing)")
        #expect(!listing.contains("NOT_DISPLAYED") && !listing.contains("NOT_VISIBLE"), "\(listing)")
        #expect(stats.contains("hidden 2,"), "\(stats)")
    }
}
