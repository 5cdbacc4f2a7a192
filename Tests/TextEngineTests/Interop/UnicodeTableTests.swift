// The Unicode tables read without ICU or HarfBuzz give their answers: line-break classes
// and the scripts of kana and ideographs.
import CHarfBuzz
import CICU
import Testing

@testable import TextEngine

@Suite struct LineBreakClassTableTests {
    /// The classes read from a table are ICU's, for every scalar of the BMP.
    @Test func tableClassesAreICUs() {
        let differing = (UInt32(0)...0xFFFF).filter { ICULineBreakClass.of($0) != cardsize_line_break_class($0) }
        #expect(differing.isEmpty, "\(differing.map { "U+" + String($0, radix: 16) })")
    }
}

@Suite struct ScriptTableTests {
    /// The ranges looked up without HarfBuzz give HarfBuzz's own answer for every scalar.
    @Test func kanaAndIdeographScriptsAreHarfBuzzs() {
        let differing = (UInt32(0x3000)...0x9FFF).filter {
            HarfBuzzUnicode.script(of: $0) != hb_unicode_script(hb_unicode_funcs_get_default(), $0).rawValue
        }
        #expect(differing.isEmpty, "\(differing.map { "U+" + String($0, radix: 16) })")
    }
}
