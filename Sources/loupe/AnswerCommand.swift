import Foundation
import LoupePlanner

/// `loupe plan [FILE|-]` and `loupe lifecycle [FILE|-]`: the API's answer for a request file
/// (or standard input), without a server. The bytes are exactly what the route answers, because
/// both call the same endpoint function.
enum AnswerCommand {
    /// Prints the answer to stdout and returns 0; prints the problem JSON to stderr and returns 1;
    /// returns 2 for a usage error or an unreadable file.
    static func run(arguments: [String], endpoint: ([UInt8]) throws(Problem) -> [UInt8]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Usage.text)
            return 0
        }
        guard arguments.count <= 1 else {
            FileHandle.standardError.write(Data("loupe: expected one request file (or - for standard input)\n".utf8))
            return 2
        }
        let path = arguments.first ?? "-"
        let body: [UInt8]
        if path == "-" {
            body = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("loupe: cannot read \(path)\n".utf8))
                return 2
            }
            body = Array(data)
        }
        do {
            let answer = try endpoint(body)
            FileHandle.standardOutput.write(Data(answer))
            return 0
        } catch {
            FileHandle.standardError.write(Data(error.encoded() + [0x0A]))
            return 1
        }
    }
}
