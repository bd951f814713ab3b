#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Impasto from source for every GIMP on this Linux machine: GIMP 2.10, GIMP 3.0 and 3.2
# (Debian's, or a Flatpak org.gimp.GIMP). Builds with Swift, then installs with
# bundle/install.sh, the release bundle's installer (which GIMPs, and what goes where: its
# header).
#
#   ./plugin-install.sh              install what is missing, build (release), install, verify
#   ./plugin-install.sh --demo       the same, then apply an effect to a photo in GIMP batch mode
#   ./plugin-install.sh --uninstall  remove exactly the files an install puts in place
#   ./plugin-install.sh --from DIR   install already built products from DIR (a `swift build`
#                                    bin path: impasto for 2.10, impasto3 for 3.x, the module and
#                                    impasto-data, which writes the brushes and help pages)
#   ./plugin-install.sh --bundle     build the release bundle, dist/impasto-<version>-linux-x86_64.tar.gz
#                                    (as root on Debian 12: GIMP 3's plug-in is built in a Debian 13
#                                    root, .ci/gimp3-root), and check what its binaries need: glibc
#                                    ≤ 2.36, and only libraries GIMP 2.10, 3.0 and 3.2 load
#   ./plugin-install.sh --version    print Impasto's version
#
# With no GIMP at all, Debian's own is installed (2.10 on Debian 12, 3.0 on Debian 13). Without
# Swift, Debian's own (swiftlang, Debian 13) is installed where Debian has it. A GIMP whose
# plug-in cannot be built here (no libgimp for it in this Debian) still gets the GEGL module,
# the brush and the dynamics, and the installer says so. Nothing else is written, except
# --demo's result in ${TMPDIR:-/tmp}/impasto-demo.
set -euo pipefail

# Each job is a script of its own, whose header says what it does; this one runs them in turn:
# scripts/packages.sh (what the machine needs), scripts/build.sh, scripts/stage.sh (the
# products laid out as the release bundle holds them), bundle/install.sh, scripts/demo.sh;
# or scripts/bundle.sh (the release bundle).
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/scripts/common.sh"
scripts=$here/scripts

usage() { sed -n '3,/^set -euo/{/^#/s/^# \{0,1\}//p;}' "$0"; }   # the comment above, after the licence line

demo=0 uninstall=0 bundle=0 from=
while [ $# -gt 0 ]; do
  case $1 in
    --demo) demo=1 ;;
    --uninstall) uninstall=1 ;;
    --bundle) bundle=1 ;;
    --from) [ $# -ge 2 ] || die "--from needs a directory"; from=$2; shift ;;
    --version) echo "impasto $version"; exit 0 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
  shift
done

[ "$uninstall" = 1 ] && exec sh "$installer" --uninstall
[ "$bundle" = 1 ] && exec "$scripts/bundle.sh"

wanted=()
if [ -n "$from" ]; then wanted+=(--prebuilt); fi
if [ "$demo" = 1 ]; then wanted+=(--demo); fi
"$scripts/packages.sh" "${wanted[@]}"
if [ -n "$from" ]; then bin=$from; else bin=$("$scripts/build.sh"); fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
"$scripts/stage.sh" "$bin" "$stage"
sh "$installer" --from "$stage"
if [ "$demo" = 1 ]; then "$scripts/demo.sh"; fi
