// SPDX-License-Identifier: GPL-3.0-or-later
import CImpastoABI

// impasto-abi.h is the contract; the @_cdecl exports only promise to keep it. A C caller
// trusts the header, so an export whose parameters drifted from its declaration would be a
// crash inside GIMP, not an error. Here each export's type must be its declaration's (as
// imported from CImpastoABI), or this file does not compile.
//
// Checked: a parameter changed in the header (double → float, const ImpastoIO * → ImpastoIO *)
// or in an export fails here with "conflicting arguments to generic parameter 'T'". SwiftPM
// recompiles this target when one of its Swift files changes, not when only the header does:
// a header-only edit is checked by a clean build (CI's `swift test`) or on touching this file.

/// Compiles only when both functions have the same type.
private func sameType<T>(_: T, _: T) {}

/// Never called: its body is the check.
private func exportsMatchTheHeader() {
    sameType(impasto_scratch_new, impastoScratchNew)
    sameType(impasto_pencil_hue_saturation, impastoPencilHueSaturation)
    sameType(impasto_emboss_margin, impastoEmbossMargin)
    sameType(impasto_emboss, impastoEmboss)
    sameType(impasto_bristle_normal_map_margin, impastoBristleNormalMapMargin)
    sameType(impasto_bristle_normal_map, impastoBristleNormalMap)
    sameType(impasto_normal_light, impastoNormalLight)
    sameType(impasto_paint_relief, impastoPaintRelief)
}
