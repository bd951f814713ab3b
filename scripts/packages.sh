#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian packages, and Swift, that building and installing Impasto on this machine needs:
# installed as root; otherwise the apt-get line to run, and stop.
#
#   scripts/packages.sh             to build and install: a GIMP if there is none, the gegl CLI
#                                   (the installer verifies with it), gettext (msgfmt),
#                                   pkg-config and GEGL's headers, the libgimp headers of each
#                                   GIMP found where this Debian has them, and Swift
#   scripts/packages.sh --prebuilt  to install products built elsewhere: a GIMP, gegl, gettext
#   scripts/packages.sh --demo      with either: also the demo's font (DejaVu Sans Bold)
#   scripts/packages.sh --bundle    to build the release bundle (Debian 12, as root): GIMP 2.10's
#                                   libgimp headers, debootstrap (the Debian 13 root), binutils
#                                   and patchelf (strip, check and prune the binaries), and Swift
#
# Swift: the one on PATH, else Debian's own (swiftlang: Debian 13 has 6.0.3, which builds
# Impasto; Debian 12 has none).
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

prebuilt=0 demo=0 bundle=0
for option in "$@"; do
  case $option in
    --prebuilt) prebuilt=1 ;;
    --demo) demo=1 ;;
    --bundle) bundle=1 ;;
    *) die "scripts/packages.sh: unknown option: $option" ;;
  esac
done

apt_updated=0
need() {
  [ $# -gt 0 ] || return 0
  if is_root; then
    export DEBIAN_FRONTEND=noninteractive
    # A mirror that cannot be read (offline, an expired Release file) is no reason to stop
    # when everything needed is installed already; an install that needs it fails below.
    if [ "$apt_updated" = 0 ]; then
      apt-get update -qq || say "warning: apt-get update failed; going on with the package lists this machine has"
      apt_updated=1
    fi
    say "installing Debian packages: $*"
    apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  else
    die "missing Debian packages; install them with:
    sudo apt-get update && sudo apt-get install -y $*
then run this script again."
  fi
}

need_swift() {
  has swift && return 0
  if available swiftlang || { is_root && apt-get update -qq && apt_updated=1 && available swiftlang; }; then
    say "swift is not on PATH; Debian's own Swift builds Impasto (swiftlang: about 440 MB to download, 2 GB installed)"
    # g++ for libstdc++'s development files: the Swift runtime, linked in statically, needs them.
    need swiftlang g++
    has swift || die "swiftlang is installed but swift is not on PATH"
  else
    die "swift is not on PATH, and this Debian has no swiftlang package: install Swift 6.0 or later (https://swift.org/install), or use the release bundle (README, \"Install\")"
  fi
}

if [ "$bundle" = 1 ]; then
  needed=()
  for p in pkg-config libgegl-dev libbabl-dev libgimp2.0-dev gimp debootstrap binutils patchelf gettext; do
    dpkg -s "$p" >/dev/null 2>&1 || needed+=("$p")
  done
  need "${needed[@]}"
  need_swift
  exit 0
fi

gimps=$(find_gimps)
missing=()
if [ -z "$gimps" ] && ! has gimp; then missing+=(gimp); fi
has gegl || missing+=(gegl)
has msgfmt || missing+=(gettext)
if [ "$prebuilt" = 0 ]; then
  has pkg-config || missing+=(pkg-config)
  pkg-config --exists gegl-0.4 2>/dev/null || missing+=(libgegl-dev libbabl-dev)
fi
if [ "$demo" = 1 ] && [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ]; then
  missing+=(fonts-dejavu-core)
fi
# The package lists, fresh, before asking what this Debian has.
if is_root && [ "$prebuilt" = 0 ]; then
  apt-get update -qq || say "warning: apt-get update failed; going on with the package lists this machine has"
  apt_updated=1
fi
need "${missing[@]}"
gimps=$(find_gimps)
[ -n "$gimps" ] || die "no GIMP found (install GIMP 2.10 or 3, or run GIMP once so its profile exists)"
[ "$prebuilt" = 0 ] || exit 0

# The libgimp each series' plug-in builds against, if this Debian has it.
dev=()
if has_series "$gimps" 2 && ! pkg-config --exists gimpui-2.0 2>/dev/null && available libgimp2.0-dev; then dev+=(libgimp2.0-dev); fi
if has_series "$gimps" 3 && ! pkg-config --exists gimp-3.0 2>/dev/null && available libgimp-3.0-dev; then dev+=(libgimp-3.0-dev); fi
need "${dev[@]}"
need_swift
