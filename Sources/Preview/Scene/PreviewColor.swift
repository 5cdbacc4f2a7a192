// Colours: 8-bit sRGB with alpha, the preview's palette, and a cover colour per record id.
import CardModel

/// An sRGB colour with 8-bit channels and an opacity.
public struct PreviewColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 0 (transparent) to 1 (opaque).
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: UInt8(hex >> 16 & 0xFF), green: UInt8(hex >> 8 & 0xFF), blue: UInt8(hex & 0xFF), alpha: alpha)
    }

    /// `#rrggbb`, as SVG writes it.
    public var hexString: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// A muted colour for a record's cover, the same for the same id on every machine: the
    /// hue from FNV-1a of the id's UTF-8 bytes, at fixed saturation and lightness.
    public static func cover(forID id: String) -> PreviewColor {
        hsl(hue: Double(CardRecord.stableHash(ofID: id) % 360), saturation: 0.45, lightness: 0.72)
    }

    /// HSL to RGB (CSS Color 3), channels rounded to the nearest integer.
    static func hsl(hue: Double, saturation: Double, lightness: Double) -> PreviewColor {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, second, 0)
        case 1: (second, chroma, 0)
        case 2: (0, chroma, second)
        case 3: (0, second, chroma)
        case 4: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let lift = lightness - chroma / 2
        let channel = { (value: Double) in UInt8(((value + lift) * 255).rounded()) }
        return PreviewColor(red: channel(r), green: channel(g), blue: channel(b))
    }
}

/// The colours previews are drawn in.
public enum PreviewPalette {
    public static let background = PreviewColor(hex: 0xFFFFFF)
    public static let cardFrame = PreviewColor(hex: 0xC7C7CC)
    public static let title = PreviewColor(hex: 0x1C1C1E)
    public static let secondaryText = PreviewColor(hex: 0x636366)
    public static let tag = PreviewColor(hex: 0xE5E5EA)
    public static let supplementary = PreviewColor(hex: 0xF2F2F7)
    /// Debug overlay: line boxes, baselines, reserved lines, near-ties, label frames.
    public static let lineBox = PreviewColor(hex: 0x0A84FF, alpha: 0.7)
    public static let baseline = PreviewColor(hex: 0xFF3B30, alpha: 0.8)
    public static let reservedLines = PreviewColor(hex: 0xFFCC00, alpha: 0.3)
    public static let nearTie = PreviewColor(hex: 0xFF9500, alpha: 0.35)
    public static let labelFrame = PreviewColor(hex: 0x34C759, alpha: 0.8)
}
