// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What GIMP itself draws on the virtual display (its windows, menus and generated dialogs,
/// which the plug-in's geometry hook does not reach), found with xdotool and read with
/// `ScreenText`, for GIMP 2.10 and GIMP 3 alike.
extension DialogDriver {
    /// The mapped windows; with `named`, only those that have a name (menus have none). A
    /// window is named after its title, in the user's language.
    public func windows(named: Bool = true) -> [DisplayWindow] {
        xdotool(["search", "--onlyvisible", "--name", named ? "." : ""]).output.split(separator: "\n").compactMap { line in
            let id = line.trimmingCharacters(in: .whitespaces)
            guard Int(id) != nil else { return nil }
            let name = xdotool(["getwindowname", id]).output.trimmingCharacters(in: .newlines)
            // "Window N\n  Position: X,Y (screen: 0)\n  Geometry: WxH"
            let numbers = xdotool(["getwindowgeometry", id]).output
                .split(whereSeparator: { !$0.isNumber && $0 != "-" }).compactMap { Int($0) }
            guard numbers.count >= 6 else { return nil }
            return DisplayWindow(id: id, name: name, frame: Rect(x: numbers[1], y: numbers[2], width: numbers[4], height: numbers[5]))
        }
    }

    /// The IDs of the mapped windows, menus too (cheaper than `windows`).
    public func windowIDs() -> Set<String> {
        Set(xdotool(["search", "--onlyvisible", "--name", ""]).output.split(separator: "\n").map(String.init))
    }

    /// Waits for a window whose name contains `text`.
    public func window(containing text: String, timeout: TimeInterval = 60) -> DisplayWindow? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = windows().first(where: { $0.name.contains(text) }) { return found }
            usleep(300_000)
        }
        return nil
    }

    /// The text in `area`, read in `language` (tesseract finds no text at all in a screen that
    /// is mostly Xvfb's black: read a window); the pictures are kept as test artifacts named
    /// `name`.png and `name`-2x.png.
    public func read(_ area: Rect, language: String, name: String) -> Result<ScreenText, ScreenText.Problem> {
        try? FileManager.default.createDirectory(at: GimpGUI.artifacts, withIntermediateDirectories: true)
        return ScreenText.read(display: display, area: area, language: language, folder: GimpGUI.artifacts, name: name)
    }

    /// Clicks `phrase` where `text` shows it (with `item`, as a whole line: a menu item) and
    /// waits for what that opens (a menu, a dialog): the frame of the window that opened.
    public func open(_ phrase: String, in text: ScreenText, item: Bool = true) -> Result<Rect, ScreenText.Problem> {
        guard let box = text.find(phrase, item: item) else {
            return .failure(.init(description: "\"\(phrase)\" not on screen; read:\n\(text.text)"))
        }
        let before = windowIDs()
        xdotool(["mousemove", "\(box.centre.x)", "\(box.centre.y)"])
        usleep(300_000)
        // A submenu's item opens it on hovering (GTK's popup delay); a click then, on a
        // loaded machine just as it opens, can close it again: click only what is still shut.
        if windowIDs().isSubset(of: before) { xdotool(["click", "1"]) }
        // GIMP 3.2 builds a menu the first time it opens, which can take seconds.
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline && windowIDs().isSubset(of: before) { usleep(200_000) }
        settle(1)
        // GIMP 3.2 raises the image window as its menu opens; a window manager would keep the
        // menu above it, the bare X server does not: what opened is raised.
        let opened = windows(named: false).filter { !before.contains($0.id) && $0.frame.width > 4 && $0.frame.height > 4 }
        for window in opened { xdotool(["windowraise", window.id]) }
        settle(0.5)
        guard let frame = opened.first?.frame else { return .failure(.init(description: "\"\(phrase)\" opened nothing")) }
        return .success(frame)
    }

    /// Opens Filters → Light and Shadow from `image`'s menu bar, by what the menus say in
    /// `language`, and reads that submenu. Each menu is read alone (the window that opened), so
    /// no line runs into the text beside it; the pictures are test artifacts `artifacts`-*.png.
    /// nil, with the reason in `notes`, when a step fails.
    public func lightAndShadowMenu(of image: DisplayWindow, in language: GimpLanguage, notes: DriverNotes,
                                   artifacts: String) -> ScreenText? {
        func read(_ area: Rect, _ name: String) -> ScreenText? {
            notes.step(self.read(area, language: language.code, name: "\(artifacts)-\(name)"))
        }
        // The menu bar: the window's top 40 px (GTK's is about 25 px high in both GIMPs).
        let bar = Rect(x: image.frame.x, y: image.frame.y, width: image.frame.width, height: 40)
        guard let menubar = read(bar, "menubar"),
              let filtersMenu = notes.step(open(language.filters, in: menubar, item: false)),
              let filters = read(filtersMenu, "filters"),
              let submenu = notes.step(open(language.lightAndShadow, in: filters)) else { return nil }
        return read(submenu, "menu")
    }
}

/// A window on the virtual display.
public struct DisplayWindow {
    public let id: String
    public let name: String
    public let frame: GimpGUI.Rect
}

/// A language GIMP is started in for the translation tests: gettext's name, the locale, and
/// GIMP's own words for the menus on the way to Impasto's filters (GIMP's catalogues, 2.10's
/// and 3's alike: "Filte_rs", "_Light and Shadow").
public struct GimpLanguage {
    public let code: String, locale: String, filters: String, lightAndShadow: String

    public static let german = GimpLanguage(code: "de", locale: "de_DE", filters: "Filter", lightAndShadow: "Licht und Schatten")
    public static let french = GimpLanguage(code: "fr", locale: "fr_FR", filters: "Filtres", lightAndShadow: "Ombres et lumières")
}

/// What a driver noted on its way, for the test's failure message.
public final class DriverNotes {
    public private(set) var all: [String] = []

    public init() {}

    public func add(_ note: String) { all.append(note) }

    /// The step's value, or nil with its problem noted.
    public func step<T>(_ result: Result<T, ScreenText.Problem>) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let problem): all.append(problem.description); return nil
        }
    }
}
