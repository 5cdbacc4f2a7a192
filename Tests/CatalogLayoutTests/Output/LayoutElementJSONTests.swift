// A layout element's JSON line, written directly, against the same line written through its fields.
import CatalogGenerator
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import Testing

@Suite struct LayoutElementJSONTests {
    /// The line ``LayoutElementRecord`` writes, and the line its fields give through the
    /// generic ``OutputRecord`` path.
    private static func lines(_ record: LayoutElementRecord) -> (direct: [UInt8], fields: [UInt8]) {
        var direct: [UInt8] = []
        record.appendJSONLine(to: &direct)
        var fields: [UInt8] = []
        record.outputRecord.appendJSONLine(to: &fields)
        return (direct, fields)
    }

    /// Coordinates of every kind a layout makes and a few it should not: whole points,
    /// halves and thirds of pixels at every scale, sums of many of them, negatives, zeros of
    /// both signs, the extremes, NaN and the infinities.
    private static func coordinates(count: Int) -> [Double] {
        var generator = SplitMix64(seed: 44)
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, 1.0 / 3, 2.0 / 3, 312.6666666666667, 1e16, 1e-7, 123_456_789.125, .greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .nan, .infinity, -.infinity, 0x1p48, 0x1p48 + 0.5, 0x1p53,
        ]
        while values.count < count {
            let scale = Double([1, 2, 3][Int(generator.next() % 3)])
            let pixels = Double(generator.next() % 400_000_000)
            switch generator.next() % 4 {
            case 0: values.append(pixels / scale)
            case 1: values.append((0..<Int(generator.next() % 50)).reduce(pixels / scale) { sum, _ in sum + 182.5 / scale + 1 / 3 })
            case 2: values.append(Double(bitPattern: generator.next()))
            default: values.append(-pixels / (scale * 1024))
            }
        }
        return values
    }

    @Test func elementsAreWrittenAsTheirFieldsWriteThem() {
        let values = Self.coordinates(count: 40_000)
        let ids: [String?] = [nil, "g000000001", "", "ab\"c\\d\n\u{1}é", "吾輩は猫である", String(repeating: "x", count: 300)]
        var differences = 0
        for start in stride(from: 0, to: values.count - 4, by: 4) {
            let frame = Rect(x: values[start], y: values[start + 1], width: values[start + 2], height: values[start + 3])
            let kind = ElementKind.allCases[start / 4 % ElementKind.allCases.count]
            let section = [0, 1, 17, Int.max, Int.min, -3][start / 4 % 6]
            let element = LayoutElement(kind: kind, section: section, index: start, frame: frame)
            for record in [LayoutElementRecord.element(id: ids[start / 4 % ids.count], element), .content(frame.size)] {
                let (direct, fields) = Self.lines(record)
                if direct != fields { differences += 1 }
            }
        }
        #expect(differences == 0)
    }

    @Test func aLineIsTheDocumentedObject() {
        let element = LayoutElement(kind: .item, section: 2, index: 5, frame: Rect(x: 191.5, y: 312.6666666666667, width: 182.5, height: 319.5))
        let (direct, _) = Self.lines(.element(id: "g7", element))
        #expect(
            String(decoding: direct, as: UTF8.self)
                == #"{"id":"g7","kind":"item","section":2,"x":191.5,"y":312.6666666666667,"width":182.5,"height":319.5}"# + "\n")
    }
}
