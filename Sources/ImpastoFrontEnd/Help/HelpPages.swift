// SPDX-License-Identifier: GPL-3.0-or-later
import ImpastoKernels

/// The help pages behind the dialogs' Help buttons: one HTML page per procedure (the live
/// filter it shows in GIMP 3 included), written from the procedures' and parameters'
/// declarations in English and in each language of po/LINGUAS, as GIMP's help system wants
/// them: `help/<language>/gimp-help.xml` maps each help ID (a procedure's name, a live
/// filter's op) to its page; `help/images/` holds the pictures all languages share.
///
/// Both plug-ins register `help/` beside themselves as the help domain `domain` (GIMP 3:
/// gimp_plug_in_set_help_domain; 2.10: gimp_plugin_help_register), and a procedure's help ID
/// is its name, so a dialog's Help opens its page in the first of GIMP's help languages that
/// has one (English last).
public enum HelpPages {
    /// The help domain's name (GIMP's "XML namespace of the plug-in's help pages").
    public static let domain = "impasto-help"
    /// The help folder beside the plug-in.
    public static let folder = "help"
    /// The language every page exists in.
    public static let english = "en"

    /// The help folder beside the plug-in `program` (its path), if the pages are installed
    /// there; a plug-in without them (a test's) registers no help domain.
    public static func installed(beside program: String) -> String? {
        let help = String(program[..<(program.lastIndex(of: "/") ?? program.startIndex)]) + "/" + folder
        return HelpFiles.isFolder(help) ? help : nil
    }

    /// Writes the help folder `folder` (English, each catalogue's language, the pictures) from
    /// the package at `package`.
    public static func write(into folder: String, package: String) throws(HelpFiles.Problem) {
        var catalogues = [(english, GettextCatalogue(""))]
        for language in try languages(package: package) {
            catalogues.append((language, try GettextCatalogue(contentsOf: "\(package)/po/\(language).po")))
        }
        try HelpFiles.makeFolders(folder + "/images")
        for picture in Set(pictures.values.flatMap { $0 }) {
            try HelpFiles.copy("\(package)/Tests/Gallery/\(picture)", to: "\(folder)/images/\(picture)")
        }
        for (language, catalogue) in catalogues {
            let pages = "\(folder)/\(language)"
            try HelpFiles.makeFolders(pages)
            let book = Book(language: language, catalogue: catalogue)
            try HelpFiles.write(book.map(), to: "\(pages)/gimp-help.xml")
            try HelpFiles.write(book.index(), to: "\(pages)/index.html")
            for procedure in procedures {
                try HelpFiles.write(book.page(procedure), to: "\(pages)/\(page(of: procedure))")
            }
        }
    }

    /// The languages of the package's po/LINGUAS (one per word; comments after #).
    public static func languages(package: String) throws(HelpFiles.Problem) -> [String] {
        let linguas = try HelpFiles.read("\(package)/po/LINGUAS")
        return linguas.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap { $0.split(separator: " ").map(String.init) }
    }

    /// Every file `write` makes, relative to the help folder, for English and `languages`.
    public static func files(languages: [String]) -> [String] {
        ([english] + languages).flatMap { language in
            (["gimp-help.xml", "index.html"] + procedures.map(page(of:))).map { "\(language)/\($0)" }
        } + Set(pictures.values.flatMap { $0 }).sorted().map { "images/\($0)" }
    }

    /// A procedure's page, in each language's folder.
    public static func page(of procedure: ImpastoProcedure.Type) -> String { "\(procedure.name).html" }

    /// The help IDs a procedure's page answers: its name, and its live filter's op.
    public static func helpIDs(of procedure: ImpastoProcedure.Type) -> [String] {
        [procedure.name] + [procedure.menuOperation].compactMap { $0 }
    }

    /// Pictures of each procedure's effect (Tests/Gallery, as the README shows them).
    static let pictures: [String: [String]] = [
        PencilHueSaturationProcedure.name: ["astronaut-pencil.png"],
        EmbossProcedure.name: ["emboss-before.png", "emboss-gold.png", "painting-mercury.png"],
        BristleNormalMapProcedure.name: ["dialog3-bristle-normal-map.png"],
        NormalLightProcedure.name: ["bristle-before.png", "bristle-lit.png"],
        PaintReliefProcedure.name: ["painting-bristles.png"],
        BristleStrokeProcedure.name: ["bristle-before.png", "zoom-bristle-lit.png"],
        BristleBrushProcedure.name: ["dialog3-bristle-brush.png", "painting-bristles.png"],
    ]
}

/// The pages in one language: every text is the English declaration (this process runs in
/// the C locale, where `localized` gives the source string) put through the catalogue.
private struct Book {
    let language: String
    let catalogue: GettextCatalogue

    func t(_ english: String) -> String { catalogue.translate(english) }

    /// A menu label as the menu shows it: no mnemonic ("Impasto _Emboss..." → "Impasto
    /// Emboss...", ja and zh_CN's "Impasto エンボス(_E)…" → "Impasto エンボス…").
    func label(_ english: String) -> String {
        var label = t(english)
        if let open = label.firstRange(of: "(_"), label[open.upperBound...].dropFirst().first == ")" {
            label.removeSubrange(open.lowerBound ... label.index(open.upperBound, offsetBy: 1))
        }
        return String(label.filter { $0 != "_" })
    }

    /// A menu label as a title: no mnemonic, no trailing dots ("Impasto _Emboss..." → "Impasto Emboss").
    func title(_ english: String) -> String {
        var title = label(english)
        while let last = title.last, last == "." || last == "…" || last == " " { title.removeLast() }
        return title
    }

    func map() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gimp-help>\n"
        for procedure in procedures {
            for id in HelpPages.helpIDs(of: procedure) {
                xml += "  <help-item id=\"\(escape(id))\" ref=\"\(HelpPages.page(of: procedure))\" title=\"\(escape(title(procedure.menuLabel)))\"/>\n"
            }
        }
        return xml + "  <help-missing ref=\"index.html\"/>\n</gimp-help>\n"
    }

    func document(_ heading: String, _ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.replacing("_", with: "-"))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(heading))</title>
        <style>
        body { font-family: sans-serif; max-width: 52em; margin: 1.5em auto; padding: 0 1em; line-height: 1.45; }
        table { border-collapse: collapse; width: 100%; }
        th, td { border-bottom: 1px solid #ccc; padding: 0.35em 0.5em; text-align: left; vertical-align: top; }
        pre { background: #f3f3f3; padding: 0.6em; overflow-x: auto; white-space: pre-wrap; }
        img { max-width: 100%; margin: 0.3em 0.3em 0.3em 0; }
        .muted { color: #666; }
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    func index() -> String {
        var body = "<h1>\(escape(t(Words.help)))</h1>\n"
        body += "<p>\(escape(t(Words.about)))</p>\n<ul>\n"
        for procedure in procedures {
            body += "<li><a href=\"\(HelpPages.page(of: procedure))\">\(escape(title(procedure.menuLabel)))</a>: \(escape(t(procedure.blurb)))</li>\n"
        }
        return document(t(Words.help), body + "</ul>")
    }

    func page(_ procedure: ImpastoProcedure.Type) -> String {
        let heading = title(procedure.menuLabel)
        var body = "<p class=\"muted\"><a href=\"index.html\">\(escape(t(Words.help)))</a></p>\n"
        body += "<h1>\(escape(heading))</h1>\n<p><strong>\(escape(t(procedure.blurb)))</strong></p>\n"
        body += "<p>\(escape(t(procedure.help)))</p>\n<p>"
        for picture in HelpPages.pictures[procedure.name] ?? [] {
            body += "<img src=\"../images/\(picture)\" alt=\"\(escape(heading))\">"
        }
        body += "</p>\n<h2>\(escape(t(Words.whereToFindIt)))</h2>\n<ul>\n"
        let path = menuPath(procedure.menuPath)
        if procedure.menuOperation != nil {
            body += "<li>GIMP 3: \(escape(path + label(procedure.menuLabel))) — \(escape(t(Words.aLiveFilter)))</li>\n"
            if let dialog = procedure.dialogMenuLabel {
                body += "<li>GIMP 3: \(escape(path + label(dialog)))</li>\n"
            }
        } else {
            body += "<li>GIMP 3: \(escape(path + label(procedure.menuLabel)))</li>\n"
        }
        body += "<li>GIMP 2.10: \(escape(path + label(procedure.menuLabel)))</li>\n</ul>\n"

        body += "<h2>\(escape(t(Words.settings)))</h2>\n" + table(procedure.parameters.map(Row.init))
        if let op = procedure.menuOperation {
            body += "<h2>\(escape(t(Words.asALiveFilter)))</h2>\n<p>"
            let explained = localized("In GIMP 3 the menu entry adds the op %s to the layer as a live filter: it stays editable, under the fx icon in the Layers dialog. Its settings are those above, under the same names (an op has no drawable settings).", op)
            body += escape(t(explained))
            body += "</p>\n"
            let own = Set(procedure.parameters.map(\.name))
            let more = (operationParameters[op] ?? []).filter { !own.contains($0.name) }
            if !more.isEmpty {
                body += "<p>\(escape(t(Words.moreSettings)))</p>\n" + table(more.map(Row.init))
            }
        }
        body += "<h2>Script-Fu</h2>\n<p>GIMP 3:</p>\n<pre class=\"gimp-3\">\(escape(ScriptFu.call(procedure, gimp3: true)))</pre>\n"
        body += "<p>GIMP 2.10:</p>\n<pre class=\"gimp-2.10\">\(escape(ScriptFu.call(procedure, gimp3: false)))</pre>\n"
        if let op = procedure.menuOperation, let filter = ScriptFu.liveFilter(op) {
            body += "<p>\(escape(t(Words.liveFilterScript)))</p>\n<pre class=\"gimp-3-filter\">\(escape(filter))</pre>\n"
        }
        body += "<p class=\"muted\">\(escape(t(Words.valuesNote)))</p>"
        return document(heading, body)
    }

    /// "<Image>/Filters/Light and Shadow" → "Filters → Light and Shadow → ", in GIMP's words.
    func menuPath(_ path: String) -> String {
        if path == "<Brushes>" { return t(localized("Brushes dialog, right-click")) + " → " }
        let words = [
            "Filters": localized("Filters"), "Light and Shadow": localized("Light and Shadow"),
            "Map": localized("Map"), "Colors": localized("Colors"), "Edit": localized("Edit"),
        ]
        return path.split(separator: "/").dropFirst().map { t(words[String($0)] ?? String($0)) + " → " }.joined()
    }

    /// One setting's row: its label and what it does, its Script-Fu name, the values it takes
    /// (each a script's spelling and what it means), its default.
    struct Row {
        let title, about, name: String
        var values: [(code: String, label: String)]
        var fallback: String

        init(_ parameter: ProcedureParameter) {
            title = parameter.title
            about = parameter.about
            name = parameter.dialogOnly ? "" : parameter.name
            switch parameter.kind {
            case .float(let range):
                values = [("\(EffectParameter.text(range.lowerBound)) … \(EffectParameter.text(range.upperBound))", "")]
            case .integer(let range):
                values = [("\(range.lowerBound) … \(range.upperBound)", "")]
            case .boolean:
                values = [("TRUE, FALSE (GIMP 2.10: 1, 0)", "")]
            case .choice(let choices):
                values = choices.enumerated().map { ("\"\($0.element.nick)\" (GIMP 2.10: \($0.offset))", $0.element.label) }
            case .name(let choices):
                values = [("\"\"", "")] + choices.map { ("\"\($0.nick)\"", $0.label) }
            case .drawable(let optional):
                values = (optional ? [("-1", "")] : []) + [("", localized("a layer or channel of the image"))]
            case .vectors:
                values = [("", localized("a path of the image"))]
            }
            fallback = ScriptFu.value(parameter, gimp3: true)
        }

        init(_ parameter: EffectParameter) {
            self.init(ProcedureParameter(parameter))
            if case .color = parameter.kind {  // a GeglColor, not the procedure's three floats
                values = [("", localized("a colour"))]
                fallback = "—"
            }
        }
    }

    func table(_ rows: [Row]) -> String {
        var html = "<table>\n<tr><th>\(escape(t(Words.setting)))</th><th>\(escape(t(Words.scriptFuName)))</th>"
        html += "<th>\(escape(t(Words.values)))</th><th>\(escape(t(Words.defaultValue)))</th></tr>\n"
        for row in rows {
            let values = row.values.map { code, label in
                [escape(code), label.isEmpty ? "" : escape(t(label))].filter { !$0.isEmpty }.joined(separator: " ")
            }.joined(separator: "<br>")
            let name = row.name.isEmpty ? "<span class=\"muted\">\(escape(t(Words.dialogOnly)))</span>" : "<code>\(escape(row.name))</code>"
            html += "<tr><td><strong>\(escape(t(row.title)))</strong><br>\(escape(t(row.about)))</td><td>\(name)</td>"
            html += "<td>\(values)</td><td><code>\(escape(row.fallback))</code></td></tr>\n"
        }
        return html + "</table>\n"
    }
}

/// The Script-Fu calls the pages show: every argument at its default.
public enum ScriptFu {
    /// `(procedure RUN-NONINTERACTIVE image drawable …)` in GIMP 3's or 2.10's conventions.
    public static func call(_ procedure: ImpastoProcedure.Type, gimp3: Bool) -> String {
        var words = [procedure.name, "RUN-NONINTERACTIVE"]
        if procedure.target == .drawable { words += ["image", gimp3 ? "(vector drawable)" : "drawable"] }
        words += procedure.parameters.filter { !$0.dialogOnly }.map { value($0, gimp3: gimp3) }
        return "(" + words.joined(separator: " ") + ")"
    }

    /// A parameter's default as a script writes it (a required drawable is the variable `bump`,
    /// a path `path`).
    public static func value(_ parameter: ProcedureParameter, gimp3: Bool) -> String {
        switch (parameter.kind, parameter.defaultValue) {
        case (.boolean, .int(let v)): gimp3 ? (v != 0 ? "TRUE" : "FALSE") : "\(v)"
        case (.choice(let choices), .int(let v)):
            gimp3 && choices.indices.contains(Int(v)) ? "\"\(choices[Int(v)].nick)\"" : "\(v)"
        case (.drawable(let optional), _): optional ? "-1" : "bump"
        case (.vectors, _): "path"
        case (_, .float(let v)): EffectParameter.text(v)
        case (_, .int(let v)): "\(v)"
        case (_, .string(let s)): "\"\(s)\""
        }
    }

    /// `(gimp-drawable-append-new-filter drawable op …)` with the op's first setting at its default.
    public static func liveFilter(_ op: String) -> String? {
        guard let first = operationParameters[op]?.first else { return nil }
        let setting = ProcedureParameter(first)
        var value = value(setting, gimp3: true)
        if case .float = setting.kind, !value.contains(".") { value += ".0" }  // a double property wants a real
        return "(gimp-drawable-append-new-filter drawable \"\(op)\" 0 LAYER-MODE-REPLACE 1.0 \"\(first.name)\" \(value))"
    }
}

/// The pages' own words (in English: this process runs in the C locale; `Book.t` translates).
private enum Words {
    static let help = localized("Impasto help")
    static let whereToFindIt = localized("Where to find it")
    static let aLiveFilter = localized("a live filter")
    static let settings = localized("Settings")
    static let asALiveFilter = localized("As a live filter")
    static let moreSettings = localized("The live filter has these settings as well:")
    static let liveFilterScript = localized("The live filter, GIMP 3:")
    static let setting = localized("Setting")
    static let scriptFuName = localized("Script-Fu name")
    static let values = localized("Values")
    static let defaultValue = localized("Default")
    static let dialogOnly = localized("(dialog only)")
    static let about = localized("Impasto brings relief, bristle painting and pen-driven colour to GIMP. Each page below describes one procedure: what it does, where it is in the menus, each setting and how to call it from Script-Fu.")
    static let valuesNote = localized("The values above are the defaults; image, drawable, bump and path are the script's own variables. A value out of range makes the call fail with the reason and leaves the image unchanged.")
}

/// Text for HTML, in an element or an attribute.
func escape(_ text: String) -> String {
    var escaped = ""
    for c in text {
        switch c {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        default: escaped.append(c)
        }
    }
    return escaped
}
