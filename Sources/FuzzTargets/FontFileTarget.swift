// Font files: a damaged font is refused with its file named, or it measures sanely.
import Foundation
import TextEngine

/// Any bytes as a font file through the `--font` path (``TextEngine/FontChain/init(references:)``):
/// either refused with an error that names the file, or, once loaded, Latin, Japanese and
/// symbol text measure to lines that start in order, with finite, non-negative sizes.
final class FontFileTarget: FuzzTarget {
    static let name = "font-file"
    private static let texts = ["The Hunger Games", "吾輩は猫である。", "☃ fi ffi…", ""]
    private let measurer = TextMeasurer()
    private let folder = ScratchFile(suffix: "-fonts")
    /// Each input gets its own file: HarfBuzz maps a font file into memory, and rewriting a
    /// mapped file under a loaded face would change the face's bytes as it reads them.
    private var inputsSeen = 0

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        try? FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        inputsSeen += 1
        let file = ScratchFile(path: "\(folder.path)/\(inputsSeen).otf")
        try file.write(input)
        let chain: FontChain
        do {
            chain = try FontChain(references: [FontFaceReference(path: file.path)])
        } catch {
            guard case .fontFile(let path, let reason) = error, path == file.path, !reason.isEmpty else {
                throw InvariantViolation("the refusal does not name the file: \(error)")
            }
            try require(!reason.hasPrefix("FreeType error"), "an error number without its name reached the user: \(reason)")
            return
        }
        for profile in MetricsProfile.allCases {
            let style = TextStyle(fonts: chain, size: 15, language: "ja", profile: profile)
            for text in Self.texts {
                for width in [0, 40, Double.infinity] {
                    let measurement: TextMeasurement
                    do {
                        measurement = try measurer.measure(text, style: style, width: width)
                    } catch {
                        throw InvariantViolation("a loaded font failed to measure \(text): \(error)")
                    }
                    try checkLines(of: measurement, text: text, width: width)
                }
            }
        }
    }
}

/// Lines start at 0 and in order inside the text; every size is finite and non-negative.
func checkLines(of measurement: TextMeasurement, text: String, width: Double) throws(InvariantViolation) {
    let offsets = measurement.lines.map(\.scalarOffset)
    let scalars = text.unicodeScalars.count
    // An empty text is no line in UIKit's profile and one empty line in Pango's.
    try require(offsets.first == 0 || (text.isEmpty && offsets.isEmpty), "\(text) at \(width): lines start at \(offsets)")
    try require(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "\(text) at \(width): starts out of order \(offsets)")
    // A text ending in a line break ends with an empty line, as in UILabel and Pango.
    try require(offsets.allSatisfy { $0 <= scalars }, "\(text) at \(width): a line starts past the text: \(offsets)")
    let sizes = [measurement.height, measurement.naturalWidth] + measurement.lines.flatMap { [$0.width, $0.height] }
    try require(sizes.allSatisfy { $0.isFinite && $0 >= 0 }, "\(text) at \(width): sizes \(sizes)")
}
