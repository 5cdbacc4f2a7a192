// Where the files shipped with cardsize (the fonts, the source catalogs) are: in an install,
// in a Python wheel, or in the source tree.
import Foundation

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
        candidates(named: name, environmentVariable: environmentVariable).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path)
        }
    }

    /// Every folder looked in, in order (for error messages).
    public static func candidates(named name: String, environmentVariable: String) -> [URL] {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment[environmentVariable], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        for binary in [imagePath, executablePath].compactMap({ $0 }) {
            let installed = binary.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("share/cardsize").appendingPathComponent(name)
            if !candidates.contains(installed) { candidates.append(installed) }
        }
        // Sources/BundledFiles/BundledFiles.swift -> the package root.
        let sourceTree = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(sourceTree.appendingPathComponent(name))
        return candidates
    }

    /// The binary (shared library or executable) this code was loaded from, links resolved:
    /// the file `/proc/self/maps` maps at this module's address (`dladdr` would tell too, but
    /// glibc declares it only for C compiled with `_GNU_SOURCE`).
    static let imagePath: URL? = {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        let address = UInt(bitPattern: #dsohandle)
        for line in maps.split(separator: "\n") {
            // "start-end perms offset device inode path"
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                let start = UInt(fields[0][..<dash], radix: 16),
                let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                (start..<end).contains(address)
            else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            return path.hasPrefix("/") ? URL(fileURLWithPath: path).resolvingSymlinksInPath() : nil
        }
        return nil
    }()

    /// The running executable, links resolved.
    static let executablePath: URL? = {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }()
}
