#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Lays out built products in STAGE as the release bundle holds them, which is what
# bundle/install.sh installs from (its --from) and what the bundle packs:
#
#   gegl-0.4/libimpasto-gegl.so                the GEGL module
#   gimp-2.10/impasto                          GIMP 2.10's plug-in, where it was built
#   gimp-3/impasto                             GIMP 3's plug-in (impasto3), where it was built
#   brushes/Impasto/, dynamics/Impasto/        the standard brushes and dynamics (impasto-data brush)
#   help/                                      the help pages (impasto-data help)
#   locale/<language>/LC_MESSAGES/impasto.mo   po/<language>.po compiled, each language of po/LINGUAS
#
#   scripts/stage.sh BIN STAGE     the products of BIN, a `swift build` bin path (the module,
#                                  impasto and/or impasto3, impasto-data), linked into STAGE
#   scripts/stage.sh --copy [--gimp3 FILE] BIN STAGE
#                                  copied instead (the release bundle, whose binaries are then
#                                  stripped and packed); GIMP 3's plug-in from FILE (the bundle's
#                                  is built in a Debian 13 root)
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

copy=0 gimp3=
while [ $# -gt 2 ]; do
  case $1 in
    --copy) copy=1 ;;
    --gimp3) gimp3=$2; shift ;;
    *) die "scripts/stage.sh: unknown option: $1" ;;
  esac
  shift
done
[ $# = 2 ] || die "usage: scripts/stage.sh [--copy] [--gimp3 FILE] BIN STAGE"
bin=$(cd "$1" && pwd)
stage=$2
gimp3=${gimp3:-$bin/impasto3}
[ -x "$bin/impasto" ] || [ -x "$gimp3" ] || die "no plug-in at $bin/impasto or $bin/impasto3 (build failed?)"
[ -f "$bin/$module_name" ] || die "no GEGL module at $bin/$module_name (build failed?)"
[ -x "$bin/impasto-data" ] || die "no impasto-data at $bin/impasto-data (build failed?)"

put() {   # a built file, where it goes
  mkdir -p "$(dirname "$2")"
  if [ "$copy" = 1 ]; then cp "$1" "$2"; else ln -s "$1" "$2"; fi
}
put "$bin/$module_name" "$stage/gegl-0.4/$module_name"
if [ -x "$bin/impasto" ]; then put "$bin/impasto" "$stage/gimp-2.10/impasto"; fi
if [ -x "$gimp3" ]; then put "$gimp3" "$stage/gimp-3/impasto"; fi
# The standard brushes and dynamics (the same code as the Bristle Brush procedure's Regenerate),
# and the help pages, from the procedures' declarations and po/ (the dialogs' Help buttons).
"$bin/impasto-data" brush "$stage" || die "could not write the Impasto Bristle brush"
"$bin/impasto-data" help "$stage" "$here" || die "could not write the help pages"
# The translations, compiled with msgfmt (Debian's gettext). LINGUAS may list several
# languages on a line: split into words.
# shellcheck disable=SC2013
for language in $(grep -v '^#' "$here/po/LINGUAS"); do
  mkdir -p "$stage/locale/$language/LC_MESSAGES"
  msgfmt --check -o "$stage/locale/$language/LC_MESSAGES/impasto.mo" "$here/po/$language.po" ||
    die "po/$language.po does not compile (msgfmt's message above)"
done
