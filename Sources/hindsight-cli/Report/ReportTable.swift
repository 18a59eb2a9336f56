import Hindsight

/// The numbers of one chart as an HTML table: a heading row and rows whose first cell names the
/// row. Every chart of the report has one beside it, for screen readers and for tests.
struct ReportTable: Equatable {
    /// The table's id in the page (`<profile>-<chart>`), which tests find it by.
    let id: String
    /// What the table holds.
    let caption: String
    /// The column headings.
    let columns: [String]
    /// The rows, each as many cells as there are columns.
    let rows: [[String]]

    /// The table's HTML, every cell escaped, in a box that scrolls when the table is long (its
    /// headings stay in view and over their columns).
    var html: String {
        var out = "<div class=\"scroll\"><table id=\"\(HTMLText.escape(id))\"><caption>\(HTMLText.escape(caption))</caption><thead><tr>"
        out += columns.map { "<th scope=\"col\">\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead><tbody>"
        for row in rows {
            out += "<tr>" + row.enumerated().map { index, cell in
                index == 0 ? "<th scope=\"row\">\(HTMLText.escape(cell))</th>" : "<td>\(HTMLText.escape(cell))</td>"
            }.joined() + "</tr>"
        }
        return out + "</tbody></table></div>"
    }
}

/// A chart of the report: its heading, its drawing and its table.
struct ReportChart {
    /// The heading.
    let title: String
    /// The inline `<svg>` element.
    let svg: String
    /// Its numbers.
    let table: ReportTable

    /// The chart as a `<section>`: heading, drawing, then the table.
    var html: String {
        "<section class=\"chart\"><h3>\(HTMLText.escape(title))</h3><div class=\"row\"><figure>\(svg)</figure>\(table.html)</div></section>"
    }
}
