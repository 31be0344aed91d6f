import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an SVG document with Foundation's XMLParser (libxml2 on Linux): well-formedness, the
/// root element, and counts of elements and text for assertions.
final class SVGChecker: NSObject, XMLParserDelegate {
    private(set) var error: String?
    private(set) var root: String?
    private(set) var elements: [String: Int] = [:]
    private(set) var texts: [String] = []
    private var text = ""

    init(_ svg: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(svg))
        parser.delegate = self
        if !parser.parse() {
            error = error ?? parser.parserError.map { String(describing: $0) } ?? "XMLParser failed"
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:])
    {
        if root == nil { root = name }
        elements[name, default: 0] += 1
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" || name == "title" { texts.append(text) }
        text = ""
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = "line \(parser.lineNumber), column \(parser.columnNumber): \(parseError)"
    }
}
