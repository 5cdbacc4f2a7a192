// Where the files shipped with cardsize (the fonts, the source catalogs) are: in an install,
// in a Python wheel, or in the source tree.
import CLoadedImage
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds a folder shipped with cardsize, such as `Fonts`, wherever the code that asks was
/// installed.
///
/// Looked for, in order:
/// 1. the folder an environment variable names, when it is set;
/// 2. `../share/cardsize/NAME` from the folder of the binary holding this code — the shared
///    library (`PREFIX/lib/libcardsize.so`) or the executable
///    (`PREFIX/bin/cardsize`, `/proc/self/exe`) — which is where `scripts/install.sh` and the
///    Python wheel put it;
/// 3. `NAME` at the root of the source tree this was built from (a clone, or a package that
///    depends on this one).
///
/// A folder counts only when it holds `marker`, so a half-copied install is passed over.
public enum BundledFiles {
    /// The first folder of ``candidates(named:environmentVariable:)`` that holds `marker`.
    public static func directory(named name: String, marker: String, environmentVariable: String) -> URL? {
        first(holding: marker, in: candidates(named: name, environmentVariable: environmentVariable))
    }

    /// Every folder looked in, in order (for error messages).
    public static func candidates(named name: String, environmentVariable: String) -> [URL] {
        candidates(
            named: name, override: ProcessInfo.processInfo.environment[environmentVariable],
            binaries: [imagePath, executablePath].compactMap { $0 }, sourceTree: sourceTree)
    }

    /// The folders `name` is looked for in: `override` (when set), `../share/cardsize/NAME`
    /// from each of `binaries`' folders, then `NAME` in `sourceTree`; each once.
    static func candidates(named name: String, override: String?, binaries: [URL], sourceTree: URL) -> [URL] {
        var candidates: [URL] = []
        if let override, !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        for binary in binaries {
            let installed = binary.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("share/cardsize").appendingPathComponent(name)
            if !candidates.contains(installed) { candidates.append(installed) }
        }
        candidates.append(sourceTree.appendingPathComponent(name))
        return candidates
    }

    /// The first of `candidates` that holds `marker`.
    static func first(holding marker: String, in candidates: [URL]) -> URL? {
        candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path) }
    }

    /// The root of the source tree this was built from: this file is
    /// `Sources/BundledFiles/BundledFiles.swift`.
    static let sourceTree = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary (shared library or executable) this code was loaded from, links resolved
    /// (`dladdr`, through a C function of the same binary).
    static let imagePath: URL? = {
        guard let name = cardsize_loaded_image_path() else { return nil }
        let path = String(cString: name)
        // The main program's own entry can be empty or relative; /proc/self/exe covers it.
        guard path.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }()

    /// The running executable, links resolved.
    static let executablePath: URL? = {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }()
}
