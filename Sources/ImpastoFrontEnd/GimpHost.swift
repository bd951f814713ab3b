// SPDX-License-Identifier: GPL-3.0-or-later
import CGEGL
import GeglKit

/// The GIMP a procedure runs in, as far as Impasto's procedures need it. GIMP 2.10's libgimp
/// and GIMP 3's differ in how they name these (item IDs and `gint32` there, objects here), but
/// agree on what they are: a drawable's buffer and shadow buffer, the selection's bounds, an
/// undo group, progress, the paint context, a path's strokes, the user's profile. Each
/// front-end implements this once; the procedures' logic, validation and messages are written
/// against it and serve both.
///
/// Items are GIMP's integer IDs (libgimp 3 has them too: `gimp_item_get_id`,
/// `gimp_drawable_get_by_id`), so procedure arguments and last values look alike in both.
public protocol GimpHost {
    // MARK: Items
    func imageExists(_ image: Int32) -> Bool
    /// A valid item that is a drawable (a layer, layer mask or channel).
    func isDrawable(_ item: Int32) -> Bool
    /// A valid item that is a path.
    func isPath(_ item: Int32) -> Bool
    /// The image an item belongs to (≤ 0: none).
    func image(of item: Int32) -> Int32
    /// The item's name as the Layers dialog shows it.
    func name(of item: Int32) -> String
    /// The group an item is in (≤ 0: none).
    func parent(of item: Int32) -> Int32
    func isGroup(_ item: Int32) -> Bool
    func isLayer(_ item: Int32) -> Bool
    func isLayerMask(_ item: Int32) -> Bool
    func isChannel(_ item: Int32) -> Bool
    /// Whether the item's pixels are locked (the Layers dialog's lock).
    func pixelsLocked(_ item: Int32) -> Bool

    // MARK: Drawables
    func isIndexed(_ drawable: Int32) -> Bool
    func isGray(_ drawable: Int32) -> Bool
    func hasAlpha(_ drawable: Int32) -> Bool
    /// Adds an alpha channel to a layer; false if GIMP refused.
    func addAlpha(_ layer: Int32) -> Bool
    /// Where the drawable lies in its image.
    func offsets(_ drawable: Int32) -> (x: Int32, y: Int32)
    /// The drawable's pixels.
    func buffer(_ drawable: Int32) -> GeglBufferRef
    /// The buffer a filter writes to and `mergeShadow` merges through the selection.
    func shadowBuffer(_ drawable: Int32) -> GeglBufferRef
    /// The part of the drawable the selection touches (drawable coordinates), or nil.
    func selectionBounds(_ drawable: Int32) -> GeglRectangle?
    /// Merges the shadow buffer into the drawable through the selection, as an undo step.
    func mergeShadow(_ drawable: Int32) -> Bool
    /// Tells GIMP that `rect` of the drawable changed.
    func update(_ drawable: Int32, _ rect: GeglRectangle)

    // MARK: Paths and paint
    /// Every stroke of a path, flattened to a polyline within `precision` pixels (image coordinates).
    func strokes(of path: Int32, precision: Double) -> [(points: [SIMD2<Double>], closed: Bool)]
    /// The image's active path (≤ 0: none).
    func activePath(of image: Int32) -> Int32
    /// The context's foreground colour, R'G'B', opaque.
    var foreground: SIMD4<Float> { get }

    // MARK: The session
    func progressStart(_ message: String)
    func progress(_ fraction: Double)
    /// Runs `body` as one undo step of `image`.
    func undoGroup(_ image: Int32, _ body: () throws(ProcedureFailure) -> Void) throws(ProcedureFailure)
    /// Shows changes in the image windows (after an interactive call).
    func flushDisplays()
    /// The user's GIMP profile folder (where brushes/ and dynamics/ are), or nil.
    var profileFolder: String? { get }
    /// Makes GIMP read its brushes and dynamics again and makes `name` the active brush and
    /// dynamics; false if GIMP has no brush of that name.
    func reloadAndSelectBrush(named name: String) -> Bool
}
