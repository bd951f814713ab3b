// SPDX-License-Identifier: GPL-3.0-or-later
/// A Swift closure behind a C callback that takes only its user data (a widget changed, a
/// button was pressed, a signal was emitted): both GIMPs' C kits call `fire` with `data`.
public final class ActionHandler {
    let action: () -> Void

    public init(_ action: @escaping () -> Void) { self.action = action }

    /// The user data for `fire` (not retained: keep the handler as long as what calls it).
    public var data: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    public static let fire: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let data else { return }
        Unmanaged<ActionHandler>.fromOpaque(data).takeUnretainedValue().action()
    }
}
