// The versions of the C libraries the engine runs on, for `--version`: as loaded at run time,
// which is what measurements depend on, not the headers it was compiled against.
import CHarfBuzz

/// HarfBuzz's, FreeType's and ICU's versions as loaded in this process.
public enum LinkedLibraries {
    /// HarfBuzz's version, such as "6.0.0".
    public static var harfBuzz: String { String(cString: hb_version_string()) }

    /// FreeType's version, such as "2.12.1".
    public static var freeType: String { FreeTypeLibrary.shared.version }

    /// ICU's version, such as "72.1".
    public static var icu: String { ICULineBreaker.icuVersion }

    /// The Unicode version of ICU's data, such as "15.0".
    public static var unicode: String { ICULineBreaker.unicodeVersion }
}
