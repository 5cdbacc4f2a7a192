// The fonts the server measures with, named for requests: never a path a client chose.
import BundledFonts
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locked
import TextEngine

/// The font faces the server was started with — the bundled chain's, then those its operator
/// gave with `--font` and `--font-dir` — each loaded once, and the chains that requests make
/// of them.
///
/// A request's `fonts` names faces by id (the file's name, `NAME.ttc#N` for a face of a
/// collection past the first) or by family, compared ignoring case. A name is looked up among
/// these faces only, so no request opens a file, and a path is just a name the server does not
/// have: its answer is the same whether the path exists or not.
public struct ServerFonts: Sendable {
    /// A face a request may name.
    public struct Face: Sendable {
        /// The file's name, with `#N` for a face of a collection past the first.
        public let id: String
        public let family: String
        /// The chain that loaded the face, and the face's position in it.
        let loaded: (chain: FontChain, face: Int)
    }

    /// The faces, the bundled chain's first, in the order they were given.
    public let faces: [Face]
    /// The position in ``faces`` of each id and each family, lowercased (a family names its
    /// first face; an id wins over a family).
    private let positions: [String: Int]
    /// The chains made for requests, by the positions of their faces.
    private let chains = Locked([[Int]: FontChain]())
    /// The most chains kept: made of faces already loaded, a chain costs two small arrays, and
    /// a client naming ever new lists cannot grow the server's memory past this many.
    static let keptChains = 64

    /// The bundled faces, then each of `files` (`PATH` or `PATH#N`) and every font in each of
    /// `directories` (`.ttf`, `.otf`, every face of a `.ttc` or `.otc`), loaded at start so
    /// that a bad file stops the server rather than fails a request. A face given twice
    /// (under any spelling of its path) is loaded once.
    /// - Throws: ``ServerFontsError`` for a file that is not a usable font, a folder that
    ///   cannot be listed, or two faces with one id.
    public init(files: [String] = [], directories: [String] = []) throws {
        let bundled = try BundledFonts.chain()
        var faces = zip(try BundledFonts.entries(), bundled.faces.indices).map { entry, position in
            Face(id: Self.id(file: entry.file, faceIndex: entry.faceIndex), family: entry.family, loaded: (bundled, position))
        }
        var loaded = Set(bundled.faces.map { Self.canonical($0.reference) })
        var given = files.map { FontFile(reference: FontFaceReference(parsing: $0), isWholeCollection: false) }
        for directory in directories { given += try FontFile.all(in: directory) }
        for file in given {
            for reference in file.faces {
                guard loaded.insert(Self.canonical(reference)).inserted else { continue }
                let chain: FontChain
                do {
                    chain = try FontChain(references: [reference])
                } catch {
                    if file.isWholeCollection, reference.faceIndex > 0 { break }  // past its last face
                    throw ServerFontsError(message: "\(error)")
                }
                let name = URL(fileURLWithPath: reference.path).lastPathComponent
                faces.append(Face(id: Self.id(file: name, faceIndex: reference.faceIndex), family: chain.faces[0].family, loaded: (chain, 0)))
            }
        }
        var positions: [String: Int] = [:]
        for (position, face) in faces.enumerated() {
            guard positions.updateValue(position, forKey: face.id.lowercased()) == nil else {
                throw ServerFontsError(message: "two fonts have the id \(face.id): give the server one of them")
            }
        }
        for (position, face) in faces.enumerated() where positions[face.family.lowercased()] == nil {
            positions[face.family.lowercased()] = position
        }
        self.faces = faces
        self.positions = positions
    }

    /// The chain of the faces `names` names, in order: made once and shared while kept.
    /// - Throws: a 400 naming `fonts` for a name the server has no face for.
    func chain(named names: [String]) throws(ErrorBody) -> FontChain {
        var picks: [Int] = []
        for name in names {
            guard let position = positions[name.lowercased()] else {
                throw ErrorBody(.badRequest, "fonts: this server has no font named '\(name)'; it has \(available)", field: "fonts")
            }
            picks.append(position)
        }
        let chain = chains.withLock { chains in
            if let chain = chains[picks] { return Result<FontChain, TextEngineError>.success(chain) }
            if chains.count >= Self.keptChains { chains.removeAll() }
            let made = Result { () throws(TextEngineError) in try FontChain(picking: picks.map { faces[$0].loaded }) }
            chains[picks] = try? made.get()
            return made
        }
        do {
            return try chain.get()
        } catch {
            throw ErrorBody(.badRequest, "\(error)", field: "fonts")  // an empty list, or too long
        }
    }

    /// The faces' ids and families, for an error that tells what a request may name.
    var available: String {
        faces.map { "\($0.id) (\($0.family))" }.joined(separator: ", ")
    }

    private static func id(file: String, faceIndex: Int) -> String {
        faceIndex == 0 ? file : "\(file)#\(faceIndex)"
    }

    /// A face's file with symbolic links, `.` and `..` resolved, so that one file given
    /// under two spellings is loaded once.
    private static func canonical(_ reference: FontFaceReference) -> FontFaceReference {
        let path = URL(fileURLWithPath: reference.path).standardizedFileURL.resolvingSymlinksInPath().path
        return FontFaceReference(path: path, faceIndex: reference.faceIndex)
    }
}

/// A font file the operator gave: one face, or every face of a collection found in a folder.
private struct FontFile {
    var reference: FontFaceReference
    /// A collection in a folder: its faces are read from the first until they run out.
    var isWholeCollection: Bool

    /// The faces to load, in order.
    var faces: [FontFaceReference] {
        guard isWholeCollection else { return [reference] }
        return (0..<64).map { FontFaceReference(path: reference.path, faceIndex: $0) }
    }

    /// The font files in `directory`, by name.
    static func all(in directory: String) throws -> [FontFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw ServerFontsError(message: "--font-dir \(directory): the folder cannot be listed")
        }
        return names.compactMap { name in
            let reference = FontFaceReference(path: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
            switch URL(fileURLWithPath: name).pathExtension.lowercased() {
            case "ttf", "otf": return FontFile(reference: reference, isWholeCollection: false)
            case "ttc", "otc": return FontFile(reference: reference, isWholeCollection: true)
            default: return nil
            }
        }
    }
}

/// Why the server's fonts could not be loaded at start.
public struct ServerFontsError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
