// Packed elements give back exactly the elements appended, in any order, and a rect index
// over them answers as one over the array.
import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct PackedLayoutElementsTests {
    @Test(arguments: RectIndexPropertyTests.Shape.allCases)
    func layoutsComeBackElementByElement(_ shape: RectIndexPropertyTests.Shape) {
        var random = SplitMix64(seed: 44)
        for _ in 0..<20 {
            let elements = RectIndexPropertyTests.layout(shape, &random)
            let packed = PackedLayoutElements(elements)
            #expect(Array(packed) == elements)
            #expect(packed.indices.allSatisfy { packed.frame(at: $0) == elements[$0].frame })
            #expect(packed.indices.allSatisfy { packed.maxY(at: $0) == elements[$0].frame.maxY })
        }
    }

    /// Kinds, sections and indices in no layout's order (runs broken anywhere), frames with
    /// NaN and negative zero: each comes back bit for bit.
    @Test func anyElementsComeBackExactly() {
        var random = SplitMix64(seed: 7)
        let kinds = ElementKind.allCases
        let values = [0.0, -0.0, 1.5, -3, .nan, .infinity, 1e300, 0.1 + 0.2]
        var elements: [LayoutElement] = []
        for _ in 0..<2_000 {
            let previous = elements.last
            let continues = previous != nil && Int.random(in: 0..<4, using: &random) > 0
            let frame = Rect(
                x: values.randomElement(using: &random)!, y: Double(Int.random(in: -5...5_000, using: &random)),
                width: values.randomElement(using: &random)!, height: values.randomElement(using: &random)!)
            elements.append(
                LayoutElement(
                    kind: continues ? previous!.kind : kinds.randomElement(using: &random)!,
                    section: continues ? previous!.section : Int.random(in: 0...3, using: &random),
                    index: continues ? previous!.index + 1 : Int.random(in: 0...3, using: &random), frame: frame))
        }
        let packed = PackedLayoutElements(elements)
        #expect(packed.map(Self.bits) == elements.map(Self.bits))
        // Appended in pieces, the same elements.
        var pieces = PackedLayoutElements()
        pieces.append(contentsOf: elements[..<700])
        pieces.append(contentsOf: elements[700...])
        #expect(pieces.map(Self.bits) == elements.map(Self.bits))
    }

    /// An element's kind, section, index and its frame's bits (NaN equal to itself).
    static func bits(_ element: LayoutElement) -> [UInt64] {
        [UInt64(ElementKind.allCases.firstIndex(of: element.kind)!), UInt64(element.section), UInt64(element.index)]
            + [element.frame.minX, element.frame.minY, element.frame.width, element.frame.height].map(\.bitPattern)
    }
}
