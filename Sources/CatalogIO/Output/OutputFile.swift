// Where a run's output goes, written so that a failed or killed run loses nothing.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locked
import SystemPackage

/// A command's output: standard output or error, a device or pipe written in place, or a
/// regular file written whole or not at all.
///
/// A regular file (or a path that does not exist yet) is written to a temporary file beside
/// it, `.NAME.cardsize-PID-N.tmp` in the same folder, which ``commit()`` renames over the
/// target once the run has succeeded. Until then the target keeps its old bytes: a run that
/// fails, throws or is interrupted (by any signal a handler can catch: the temporary file is
/// removed before the signal takes its usual effect) leaves it as it was, and two runs writing the
/// same path each replace it whole. SIGKILL cannot be caught: it leaves the temporary file
/// behind, never a partial target. Standard output (`-`), devices such as `/dev/null` and
/// pipes are written in place, as they must be. A path that is a symbolic link is written
/// through: the file it leads to is replaced whole, and the link stays.
///
/// Every write is checked: a full disk, a closed descriptor or a broken pipe is an
/// ``OutputError`` naming the output, never a silent loss or a trap.
///
/// ```swift
/// let output = try OutputFile(path: "sizes.jsonl", inputs: ["books.csv"])
/// try output.write(Array("{}\n".utf8))
/// try output.commit()  // sizes.jsonl now holds the line; before, it was untouched
/// ```
public final class OutputFile: Sendable {
    /// What the output is called in messages: its path, or "standard output".
    public let name: String
    private let descriptor: Int32
    private let target: String?
    private let temporary: TemporaryFile?
    private let isCommitted = Locked(false)

    /// Standard output, written in place.
    public static let standardOutput = OutputFile(standardStream: STDOUT_FILENO, named: "standard output")
    /// Standard error, written in place.
    public static let standardError = OutputFile(standardStream: STDERR_FILENO, named: "standard error")

    private init(standardStream descriptor: Int32, named name: String) {
        self.name = name
        self.descriptor = descriptor
        target = nil
        temporary = nil
    }

    /// Opens the output at `path` (`nil` or `-` for standard output).
    ///
    /// - Parameter inputs: the files the run reads (`-` for standard input); an output that
    ///   is one of them (the same device and inode, whatever the names) is refused, since
    ///   replacing it would destroy the input.
    /// - Throws: ``OutputError`` when the output is an input, or cannot be created.
    public convenience init(path: String?, inputs: [String] = []) throws(OutputError) {
        guard let path, path != "-" else {
            try Self.refuse(descriptor: STDOUT_FILENO, named: "standard output", ifAmong: inputs)
            self.init(standardStream: STDOUT_FILENO, named: "standard output")
            return
        }
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists { try Self.refuse(status, named: path, ifAmong: inputs) }
        if exists, status.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: Self.lastError()) }
            self.init(name: path, descriptor: descriptor, target: path, temporary: nil)
        } else {
            let target = Self.linkedFile(path)
            let temporary = try TemporaryFile(beside: target, mode: exists ? status.st_mode & 0o7777 : nil)
            self.init(name: path, descriptor: temporary.descriptor, target: target, temporary: temporary)
        }
    }

    /// The file a symbolic link at `path` leads to, or `path` itself: an output written
    /// through a link replaces the file it points to and leaves the link as it was.
    private static func linkedFile(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    private init(name: String, descriptor: Int32, target: String?, temporary: TemporaryFile?) {
        self.name = name
        self.descriptor = descriptor
        self.target = target
        self.temporary = temporary
    }

    deinit {
        if target != nil, !isCommitted.withLock({ $0 }) {
            close(descriptor)
            temporary?.remove()
        }
    }

    /// Writes all of `bytes`, retrying short writes.
    /// - Throws: ``OutputError/writeFailed(name:reason:)``.
    public func write(_ bytes: some Collection<UInt8>) throws(OutputError) {
        do {
            _ = try FileDescriptor(rawValue: descriptor).writeAll(bytes)
        } catch {
            throw .writeFailed(name: name, reason: "\(error)")  // strerror's text, as lastError()
        }
    }

    /// Ends a successful run: closes the file and, for a regular file, renames the
    /// temporary file over the target. Standard output and error are left open.
    /// - Throws: ``OutputError`` when closing or renaming fails (the target is then as it was).
    public func commit() throws(OutputError) {
        guard target != nil else { return }
        guard !isCommitted.withLock({ committed in defer { committed = true }; return committed }) else { return }
        if close(descriptor) != 0 {
            temporary?.remove()
            throw .writeFailed(name: name, reason: Self.lastError())
        }
        guard let temporary, let target else { return }
        if rename(temporary.path, target) != 0 {
            let reason = Self.lastError()
            temporary.remove()
            throw .cannotCreate(path: target, reason: reason)
        }
        temporary.forget()
    }

    private static func refuse(_ status: stat, named name: String, ifAmong inputs: [String]) throws(OutputError) {
        for input in inputs {
            var inputStatus = stat()
            let found = input == "-" ? fstat(STDIN_FILENO, &inputStatus) == 0 : stat(input, &inputStatus) == 0
            if found, inputStatus.st_dev == status.st_dev, inputStatus.st_ino == status.st_ino,
                status.st_mode & S_IFMT == S_IFREG
            {
                throw .outputIsInput(output: name, input: input == "-" ? "standard input" : input)
            }
        }
    }

    private static func refuse(descriptor: Int32, named name: String, ifAmong inputs: [String]) throws(OutputError) {
        var status = stat()
        guard !inputs.isEmpty, fstat(descriptor, &status) == 0 else { return }
        try refuse(status, named: name, ifAmong: inputs)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Why an output could not be opened or written.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output names a file the run reads.
    case outputIsInput(output: String, input: String)
    /// The output (or its temporary file) could not be created or put in place.
    case cannotCreate(path: String, reason: String)
    /// A write failed: the disk is full, the descriptor closed, the pipe broken.
    case writeFailed(name: String, reason: String)

    public var description: String {
        switch self {
        case .outputIsInput(let output, let input):
            "the output '\(output)' is the input '\(input)'; writing it would destroy the input"
        case .cannotCreate(let path, let reason): "cannot write to '\(path)': \(reason)"
        case .writeFailed(let name, let reason): "cannot write to \(["standard output", "standard error"].contains(name) ? name : "'\(name)'"): \(reason)"
        }
    }
}
