// libFuzzer's entry points, and a replay command for the plain build.
import Foundation
import FuzzTargets

/// The target named by `CARDSIZE_FUZZ_TARGET`, made on the first input.
nonisolated(unsafe) private var target: (any FuzzTarget)?

private func makeTarget(named name: String) -> any FuzzTarget {
    do {
        guard let target = try FuzzTargets.make(name) else {
            fatalError("unknown fuzz target '\(name)'; targets: \(FuzzTargets.names.joined(separator: ", "))")
        }
        return target
    } catch {
        fatalError("cannot set up fuzz target '\(name)': \(error)")
    }
}

/// Called by libFuzzer for each input; a broken invariant stops the run so that libFuzzer
/// saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    if target == nil {
        target = makeTarget(named: ProcessInfo.processInfo.environment["CARDSIZE_FUZZ_TARGET"] ?? "")
    }
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    do {
        try target!.check(input)
    } catch {
        fatalError("invariant broken: \(error)")
    }
    return 0
}

#if !LIBFUZZER
/// `cardsize-fuzz TARGET FILE…`: runs files through a target without libFuzzer, to
/// reproduce a failure in a debugger; prints each broken invariant.
@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first else {
            print("usage: cardsize-fuzz TARGET FILE…   (targets: \(FuzzTargets.names.joined(separator: ", ")))")
            exit(2)
        }
        let target = makeTarget(named: name)
        var failures = 0
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                failures += 1
                continue
            }
            do {
                try target.check([UInt8](data))
            } catch {
                print("\(path): \(error)")
                failures += 1
            }
        }
        print("\(arguments.count - 1 - failures) of \(arguments.count - 1) inputs kept every invariant")
        exit(failures == 0 ? 0 : 1)
    }
}
#endif
