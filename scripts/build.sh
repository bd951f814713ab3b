#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds Impasto's products with Swift, in release, and prints the folder they are in.
#
#   scripts/build.sh                   what an install here needs: the GEGL module
#                                      (impasto-gegl), impasto-data (it writes the brushes and
#                                      help pages), and the plug-in of each GIMP series found
#                                      whose libgimp headers are here (impasto for GIMP 2.10,
#                                      impasto3 for GIMP 3)
#   scripts/build.sh PRODUCT...        those products
#   scripts/build.sh --scratch-path DIR [PRODUCT...]
#                                      the same, built in DIR instead of .build
#
# The folder (`swift build --show-bin-path`) alone goes to standard output, what it does to
# standard error; a failed build shows the compiler's last lines and stops.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

scratch=()
if [ "${1:-}" = --scratch-path ]; then
  [ $# -ge 2 ] || die "--scratch-path needs a directory"
  scratch=(--scratch-path "$2")
  shift 2
fi
products=("$@")
if [ ${#products[@]} = 0 ]; then
  gimps=$(find_gimps)
  products=(impasto-gegl impasto-data)
  if has_series "$gimps" 2 && pkg-config --exists gimpui-2.0 2>/dev/null; then products+=(impasto); fi
  if has_series "$gimps" 3 && pkg-config --exists gimp-3.0 2>/dev/null; then products+=(impasto3); fi
fi
has swift || die "swift is not on PATH (scripts/packages.sh installs Debian's own where Debian has it)"

say "building (release) in $here: ${products[*]}" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cd "$here"
for product in "${products[@]}"; do
  # The manifest includes each front-end only where its libgimp is: it must be read afresh
  # (SwiftPM caches it by its text) after the packages changed.
  if ! swift build -c release --manifest-cache none "${scratch[@]}" --product "$product" >"$log" 2>&1; then
    grep -v 'prohibited flag' "$log" | tail -n 40 >&2
    die "the build of $product failed (compiler output above)"
  fi
done
swift build -c release --manifest-cache none "${scratch[@]}" --show-bin-path
