import Hindsight

/// Writes one inline SVG drawing, element by element: coordinates with one decimal whatever the
/// locale, every text escaped (``HTMLText``), so the same figures always give the same bytes.
struct SVGWriter {
    private(set) var body = ""
    let width: Double
    let height: Double

    /// A drawing `width` × `height` user units large.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A filled rectangle with a tooltip `title`.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, title: String) {
        body += "<rect x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" width=\"\(HTMLText.number(width))\" "
            + "height=\"\(HTMLText.number(height))\" fill=\"\(fill)\"><title>\(HTMLText.escape(title))</title></rect>"
    }

    /// A text label at (`x`, `y`), anchored `anchor` (start, middle, end).
    mutating func text(_ text: String, x: Double, y: Double, anchor: String = "start") {
        body += "<text x=\"\(HTMLText.number(x))\" y=\"\(HTMLText.number(y))\" text-anchor=\"\(anchor)\">\(HTMLText.escape(text))</text>"
    }

    /// A straight line, for axes.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double) {
        body += "<line x1=\"\(HTMLText.number(x1))\" y1=\"\(HTMLText.number(y1))\" x2=\"\(HTMLText.number(x2))\" "
            + "y2=\"\(HTMLText.number(y2))\" stroke=\"#888\"/>"
    }

    /// The drawing as an `<svg>` element labelled `label` for screen readers.
    func svg(label: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\" "
            + "viewBox=\"0 0 \(HTMLText.number(width)) \(HTMLText.number(height))\" width=\"\(HTMLText.number(width))\" "
            + "height=\"\(HTMLText.number(height))\">\(body)</svg>"
    }
}
