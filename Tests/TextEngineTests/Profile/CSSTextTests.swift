import Testing

@testable import TextEngine

@Suite("CSS properties of the browser profile")
struct CSSTextTests {
    @Test("values read as CSS writes them; a property left out is its initial value")
    func parsing() throws {
        let css = try CSSText(
            lineHeight: "20px", whiteSpace: "pre-wrap", wordBreak: "keep-all", overflowWrap: "anywhere",
            letterSpacing: "-0.5px")
        #expect(css.lineHeight == .pixels(20))
        #expect(css.whiteSpace == .preWrap)
        #expect(css.wordBreak == .keepAll)
        #expect(css.overflowWrap == .anywhere)
        #expect(css.letterSpacing == -0.5)
        #expect(try CSSText(lineHeight: "1.5", whiteSpace: nil, wordBreak: nil, overflowWrap: nil, letterSpacing: "normal")
            == CSSText(lineHeight: .number(1.5)))
        #expect(try CSSText(lineHeight: nil, whiteSpace: nil, wordBreak: nil, overflowWrap: nil, letterSpacing: nil) == .initial)
    }

    @Test("a bad value is an error naming the field in snake case and the values it takes")
    func errors() {
        let cases: [(String, () throws -> CSSText)] = [
            ("line_height", { try CSSText(lineHeight: "tall", whiteSpace: nil, wordBreak: nil, overflowWrap: nil, letterSpacing: nil) }),
            ("white_space", { try CSSText(lineHeight: nil, whiteSpace: "pre", wordBreak: nil, overflowWrap: nil, letterSpacing: nil) }),
            ("word_break", { try CSSText(lineHeight: nil, whiteSpace: nil, wordBreak: "auto", overflowWrap: nil, letterSpacing: nil) }),
            ("overflow_wrap", { try CSSText(lineHeight: nil, whiteSpace: nil, wordBreak: nil, overflowWrap: "wrap", letterSpacing: nil) }),
            ("letter_spacing", { try CSSText(lineHeight: nil, whiteSpace: nil, wordBreak: nil, overflowWrap: nil, letterSpacing: "2em") }),
        ]
        for (field, make) in cases {
            #expect(throws: TextEngineError.self, "\(field)") { try make() }
            do {
                _ = try make()
            } catch let TextEngineError.invalidValue(named, _) {
                #expect(named == field)
            } catch {
                Issue.record("\(field): \(error)")
            }
        }
    }

    @Test("every profile's policy: the browser's alone reads the CSS properties")
    func policies() {
        let css = CSSText(whiteSpace: .nowrap, overflowWrap: .anywhere, letterSpacing: 2)
        #expect(ProfilePolicy(profile: .uikit, css: css) == .uikit)
        #expect(ProfilePolicy(profile: .pango, css: css) == .pango)
        let browser = ProfilePolicy(profile: .browser, css: css)
        #expect(browser.whiteSpace.wraps == false)
        #expect(browser.overlongWord == .betweenClusters)
        #expect(browser.letterSpacing == 2 * 65536)
        #expect(ProfilePolicy(profile: .browser, css: .initial).overlongWord == .overflow)
        #expect(MetricsProfile.browser.defaultLineBreak == .auto)
        #expect(MetricsProfile.uikit.defaultLineBreak == .strict)
    }

    @Test("the browser's widths are CSS layout units: a line fits one unit past the width")
    func layoutUnits() {
        let browser = ProfilePolicy.browser(.initial)
        // 100.3 px is 6419.2 layout units, truncated to 6419, and one more fits.
        #expect(browser.available(100.3) == 6420 * 1024)
        #expect(browser.reportedWidth(6419 * 1024 + 1) == 6420.0 / 64)
        #expect(ProfilePolicy.uikit.available(100.3) == FontUnits.pango.units(100.3))
    }
}
