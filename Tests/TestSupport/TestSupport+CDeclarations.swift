import Foundation
import Testing

extension TestSupport {
    /// What each C expression in `expressions` is (a constant, a `sizeof`, an `offsetof`) under a package's own
    /// declarations of a loaded-at-run-time library (`ours`: the target's folder under `Sources/`, whose
    /// `include/TARGET.h` is read) and under the library's installed header (`installed`): the two texts must be
    /// equal. Cancels the calling test (it shows as skipped) when the header or a C compiler is absent.
    public static func cExpressions(
        _ expressions: [String], ours target: String, installed header: String, includes: [String] = []
    ) throws -> (ours: String, installed: String) {
        guard FileManager.default.fileExists(atPath: header) else {
            try Test.cancel("\(header) is absent: checking \(target)'s declarations needs the -dev package")
        }
        let compiler = try installedTool("cc")
        let files = try TemporaryFiles("c-declarations")
        let program = files.file(
            "print.c",
            "#include <stddef.h>\n#include <stdio.h>\n#include HEADER\nint main(void) {\n"
                + expressions.map { "    printf(\"%s = %lld\\n\", \"\($0)\", (long long)(\($0)));\n" }.joined()
                + "    return 0;\n}\n")
        func values(of header: String, _ flags: [String]) throws -> String {
            let binary = files.path("print-\(UUID().uuidString)")
            let compiled = try run(compiler, flags + ["-DHEADER=<\(header)>", program, "-o", binary])
            guard compiled.status == 0 else { return "does not compile: \(compiled.standardError)" }
            return try run(binary, []).standardOutput
        }
        let ourInclude = packageRoot.appending(path: "Sources/\(target)/include").path
        return (
            try values(of: "\(target).h", ["-I", ourInclude]),
            try values(of: URL(fileURLWithPath: header).lastPathComponent, includes.flatMap { ["-I", $0] })
        )
    }
}
