// Tag sizes from measured text: padding, the width cap, rounding up to the pixel grid.

import CollectionLayout
import Geometry
import Testing

@Suite struct TagFlowSizingTests {
    /// Padding 4 above and below, 8 left and right: 16 across, 8 down.
    private let padding = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)

    @Test func textPlusPaddingIsRoundedUpToThePixelGrid() throws {
        let twoX = try TagSizing(padding: padding, maxWidth: 120, displayScale: 2)
        #expect(try twoX.size(textWidth: 33.3, lineHeight: 17.1) == Size(width: 49.5, height: 25.5))  // 49.3, 25.1
        #expect(try twoX.size(textWidth: 34, lineHeight: 17) == Size(width: 50, height: 25))  // already on the grid
        let oneX = try TagSizing(padding: padding, maxWidth: 120)
        #expect(try oneX.size(textWidth: 33.3, lineHeight: 17.1) == Size(width: 50, height: 26))
    }

    @Test func aLongTextIsCappedAtTheMaximumWidthAndTruncated() throws {
        let sizing = try TagSizing(padding: padding, maxWidth: 120, displayScale: 2)
        #expect(sizing.maxTextWidth == 104)
        #expect(try sizing.size(textWidth: 300, lineHeight: 17) == Size(width: 120, height: 25))
        #expect(try sizing.truncatesText(textWidth: 300))
        #expect(try sizing.truncatesText(textWidth: 104.2))  // 120.2 rounds up to 120.5
        #expect(try !sizing.truncatesText(textWidth: 104))  // exactly 120: fits
        #expect(try sizing.size(textWidth: 104, lineHeight: 17).width == 120)
    }

    @Test func aMaximumWidthOffTheGridIsRoundedDown() throws {
        let sizing = try TagSizing(padding: padding, maxWidth: 100.4, displayScale: 3)
        // 100.4 is 301.2 pixels: 301 pixels = 100.333… points.
        #expect(try sizing.size(textWidth: 500, lineHeight: 17).width == 301.0 / 3)
        #expect(sizing.maxTextWidth == 301.0 / 3 - 16)
    }

    @Test func invalidOptionsAndMeasurementsAreRejected() throws {
        #expect(throws: CollectionLayoutError.self) { try TagSizing(padding: padding, maxWidth: 16) }  // no text room
        #expect(throws: CollectionLayoutError.self) { try TagSizing(padding: EdgeInsets(left: -1), maxWidth: 50) }
        #expect(throws: CollectionLayoutError.self) { try TagSizing(padding: padding, maxWidth: 50, displayScale: 0) }
        let sizing = try TagSizing(padding: padding, maxWidth: 120)
        #expect(throws: CollectionLayoutError.self) { try sizing.size(textWidth: -1, lineHeight: 17) }
        #expect(throws: CollectionLayoutError.self) { try sizing.size(textWidth: 10, lineHeight: .nan) }
        #expect(throws: CollectionLayoutError.self) { try sizing.truncatesText(textWidth: .infinity) }
    }
}
