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
#                                    bin path: impasto for 2.10, impasto3 for 3.x, the module)
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

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
installer=$here/bundle/install.sh
module_name=libimpasto-gegl.so
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$here/Sources/ImpastoFrontEnd/Version.swift")

say() { printf 'impasto: %s\n' "$*"; }
# The translations: po/<language>.po for each language of po/LINGUAS, compiled (msgfmt, Debian's
# gettext) into $1/locale/<language>/LC_MESSAGES/impasto.mo, where bundle/install.sh finds them.
catalogues() {
  local language
  for language in $(grep -v '^#' "$here/po/LINGUAS"); do
    mkdir -p "$1/locale/$language/LC_MESSAGES"
    msgfmt --check -o "$1/locale/$language/LC_MESSAGES/impasto.mo" "$here/po/$language.po" ||
      die "po/$language.po does not compile (msgfmt's message above)"
  done
}
die() { printf 'impasto: error: %s\n' "$*" >&2; exit 1; }

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

has() { command -v "$1" >/dev/null 2>&1; }
available() { apt-cache show "$1" >/dev/null 2>&1; }
is_root() { [ "$(id -u)" = 0 ]; }

# Debian packages, installed as root; otherwise the line to run, and stop.
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

# Swift: the one on PATH, else Debian's own (swiftlang: Debian 13 has 6.0.3, which builds
# Impasto; Debian 12 has none).
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

# Each line: series|version|profile|module folder|kind (bundle/install.sh --list).
find_gimps() { sh "$installer" --list; }
series_wanted() { printf '%s\n' "$gimps" | grep -q "^$1|"; }

# --- the release bundle ------------------------------------------------------------------
if [ "$bundle" = 1 ]; then
  is_root || die "--bundle builds GIMP 3's plug-in in a Debian 13 root (chroot): run it as root"
  pkg-config --exists gimpui-2.0 2>/dev/null || available libgimp2.0-dev ||
    die "--bundle runs on Debian 12, whose libgimp2.0-dev builds the GIMP 2.10 plug-in"
  needed=()
  for p in pkg-config libgegl-dev libbabl-dev libgimp2.0-dev gimp debootstrap binutils patchelf gettext; do

    dpkg -s "$p" >/dev/null 2>&1 || needed+=("$p")
  done
  need "${needed[@]}"
  need_swift
  dist=$here/dist
  name=impasto-$version
  stage=$dist/$name
  rm -rf "$stage" "$dist/$name-linux-x86_64.tar.gz"
  mkdir -p "$stage/gegl-0.4" "$stage/gimp-2.10" "$stage/gimp-3"
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  # Scratch paths of their own: a `swift test` running in .build (whose tests call this) keeps
  # its lock there.
  for product in impasto-gegl impasto; do
    say "building (release) $product for GIMP 2.10 and the GEGL module on this Debian 12"
    (cd "$here" && swift build -c release --manifest-cache none --scratch-path .build-bundle --product "$product") >"$log" 2>&1 ||
      { tail -n 40 "$log" >&2; die "the build of $product failed (compiler output above)"; }
  done
  host_bin=$(cd "$here" && swift build -c release --manifest-cache none --scratch-path .build-bundle --show-bin-path)
  say "building (release) impasto3 for GIMP 3 in a Debian 13 root (libgimp-3.0 3.0.x: it runs in GIMP 3.0 and 3.2)"
  "$here/.ci/gimp3-root" make trixie >"$log" 2>&1 || { tail -n 20 "$log" >&2; die "could not make the Debian 13 root"; }
  "$here/.ci/gimp3-root" run trixie swift build -c release --manifest-cache none --scratch-path .build-bundle-trixie \
    --product impasto3 >"$log" 2>&1 || { tail -n 40 "$log" >&2; die "the build of impasto3 failed (compiler output above)"; }
  root_bin=$(cd "$here" && ls -d .build-bundle-trixie/*/release | head -n 1)
  cp "$host_bin/$module_name" "$stage/gegl-0.4/"
  cp "$host_bin/impasto" "$stage/gimp-2.10/impasto"
  cp "$here/$root_bin/impasto3" "$stage/gimp-3/impasto"
  strip --strip-unneeded "$stage/gegl-0.4/$module_name" "$stage/gimp-2.10/impasto" "$stage/gimp-3/impasto"
  # Only the libraries a binary calls stay in its NEEDED list: pkg-config's lists also name what
  # libgimp links itself, such as libgexiv2, whose soname differs between Debian 13's GIMP 3.0
  # and testing's 3.2, and GIMP 3's plug-in, built against 3.0, must start in 3.2. `ldd -u`
  # lists the unused ones, run where the file was built (Swift's driver puts --as-needed after
  # the libraries, where it has no effect).
  prune() {   # file, then the command that runs a program where the file was built
    local file=$1 lib; shift
    for lib in $("$@" ldd -u -r "$file" | sed -n 's|^[[:space:]]*/.*/\([^/]*\)$|\1|p'); do
      patchelf --remove-needed "$lib" "$file"
    done
  }
  prune "$stage/gegl-0.4/$module_name" env
  prune "$stage/gimp-2.10/impasto" env
  prune "$stage/gimp-3/impasto" "$here/.ci/gimp3-root" run trixie

  # What the binaries need: glibc symbols no newer than Debian 12's 2.36, and only libraries
  # that GIMP or its own plug-ins load (a Flatpak GIMP's runtime has those, and no Swift and
  # no /opt).
  newest_glibc() { objdump -T "$1" | grep -oE 'GLIBC_[0-9]+\.[0-9]+' | sed 's/^GLIBC_//' | sort -uV | tail -n 1; }
  needed_libs() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'; }
  # shellcheck disable=SC2016  # expanded by the sh given it
  gimp_loads='for f in "$0" "$(pkg-config --variable=gimplibdir "$1")"/plug-ins/*/*; do ldd "$f" 2>/dev/null; done |
              awk "{ print \$1 }" | sed "s|.*/||" | sort -u'
  gimp2_libs=$(sh -c "$gimp_loads" "$(command -v gimp-2.10)" gimp-2.0)
  # GIMP 3's plug-in, built against 3.0, must start in 3.2 too (Debian testing's).
  "$here/.ci/gimp3-root" make forky >"$log" 2>&1 || { tail -n 20 "$log" >&2; die "could not make the Debian testing root"; }
  gimp3_libs=$(grep -xF -f <("$here/.ci/gimp3-root" run trixie sh -c "$gimp_loads" /usr/bin/gimp-3.0 gimp-3.0) \
                           <("$here/.ci/gimp3-root" run forky sh -c "$gimp_loads" /usr/bin/gimp-3.2 gimp-3.0))


  check() {   # file, the libraries of the GIMPs that load it
    local file=$1 libs=$2 newest lib
    newest=$(newest_glibc "$file")
    [ "$(printf '%s\n' "$newest" 2.36 | sort -V | tail -n 1)" = 2.36 ] ||
      die "${file#"$stage/"} needs glibc $newest (symbols: $(objdump -T "$file" | grep -E "GLIBC_$newest" | awk '{ print $NF }' | tr '\n' ' ')); the bundle promises 2.36"
    for lib in $(needed_libs "$file"); do
      printf '%s\n' "$libs" | grep -qxF "$lib" || die "${file#"$stage/"} needs $lib, which neither GIMP nor its own plug-ins load"
    done
    say "checked ${file#"$stage/"}: glibc ≤ $newest; needs $(needed_libs "$file" | tr '\n' ' ')"
  }
  check "$stage/gegl-0.4/$module_name" "$(printf '%s\n' "$gimp2_libs" | grep -xF -f <(printf '%s\n' "$gimp3_libs"))"
  check "$stage/gimp-2.10/impasto" "$gimp2_libs"
  check "$stage/gimp-3/impasto" "$gimp3_libs"

  "$stage/gimp-2.10/impasto" --write-brush "$stage" >/dev/null || die "could not write the Impasto Bristle brush"
  "$stage/gimp-2.10/impasto" --write-help "$stage" "$here" || die "could not write the help pages"
  catalogues "$stage"
  cp "$installer" "$stage/install.sh"
  cp "$here/bundle/README" "$here/LICENSE" "$stage/"
  sed -i "s/@VERSION@/$version/g" "$stage/README"
  chmod 755 "$stage/install.sh" "$stage/gimp-2.10/impasto" "$stage/gimp-3/impasto"
  chmod 644 "$stage/gegl-0.4/$module_name" "$stage/README" "$stage/LICENSE" "$stage"/locale/*/LC_MESSAGES/impasto.mo
  find "$stage/help" -type f -exec chmod 644 {} +
  tar -C "$dist" --owner=0 --group=0 --numeric-owner -czf "$dist/$name-linux-x86_64.tar.gz" "$name"
  rm -rf "$stage"
  say "bundle: $dist/$name-linux-x86_64.tar.gz ($(du -h "$dist/$name-linux-x86_64.tar.gz" | cut -f1))"
  exit 0
fi

# --- what the machine needs -------------------------------------------------------------
# Debian packages: a GIMP if there is none, the gegl CLI (to verify); to build, the headers
# and pkg-config, and each found GIMP's libgimp headers where this Debian has them; a font for
# the demo, which sets text in DejaVu Sans Bold.
gimps=$(find_gimps)
missing=()
if [ -z "$gimps" ] && ! has gimp; then missing+=(gimp); fi
has gegl || missing+=(gegl)
has msgfmt || missing+=(gettext)
if [ -z "$from" ]; then
  has pkg-config || missing+=(pkg-config)
  pkg-config --exists gegl-0.4 2>/dev/null || missing+=(libgegl-dev libbabl-dev)
fi
if [ "$demo" = 1 ] && [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ]; then
  missing+=(fonts-dejavu-core)
fi
# The package lists, fresh, before asking what this Debian has.
if is_root && [ -z "$from" ]; then apt-get update -qq || say "warning: apt-get update failed; going on with the package lists this machine has"; apt_updated=1; fi
need "${missing[@]}"
gimps=$(find_gimps)
[ -n "$gimps" ] || die "no GIMP found (install GIMP 2.10 or 3, or run GIMP once so its profile exists)"

# The libgimp each series' plug-in builds against, if this Debian has it.
if [ -z "$from" ]; then
  dev=()
  if series_wanted 2 && ! pkg-config --exists gimpui-2.0 2>/dev/null && available libgimp2.0-dev; then dev+=(libgimp2.0-dev); fi
  if series_wanted 3 && ! pkg-config --exists gimp-3.0 2>/dev/null && available libgimp-3.0-dev; then dev+=(libgimp-3.0-dev); fi
  need "${dev[@]}"
fi

# --- build --------------------------------------------------------------------------------
if [ -n "$from" ]; then
  bin=$(cd "$from" && pwd)
else
  need_swift
  products=(impasto-gegl)
  if series_wanted 2 && pkg-config --exists gimpui-2.0 2>/dev/null; then products+=(impasto); fi
  if series_wanted 3 && pkg-config --exists gimp-3.0 2>/dev/null; then products+=(impasto3); fi
  say "building (release) in $here: ${products[*]}"
  log=$(mktemp)
  for product in "${products[@]}"; do
    # The manifest includes each front-end only where its libgimp is: it must be read afresh
    # (SwiftPM caches it by its text) after the packages above changed.
    if ! (cd "$here" && swift build -c release --manifest-cache none --product "$product") >"$log" 2>&1; then
      grep -v 'prohibited flag' "$log" | tail -n 40 >&2
      rm -f "$log"
      die "the build of $product failed (compiler output above)"
    fi
  done
  rm -f "$log"
  bin=$(cd "$here" && swift build -c release --manifest-cache none --show-bin-path)
fi
writer=
for p in impasto impasto3; do [ -x "$bin/$p" ] && writer=$bin/$p && break; done
[ -n "$writer" ] || die "no plug-in at $bin/impasto or $bin/impasto3 (build failed?)"
[ -f "$bin/$module_name" ] || die "no GEGL module at $bin/$module_name (build failed?)"

# --- install: the products laid out as in the release bundle, then its installer ----------
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/gegl-0.4"
ln -s "$bin/$module_name" "$stage/gegl-0.4/$module_name"
if [ -x "$bin/impasto" ]; then mkdir "$stage/gimp-2.10" && ln -s "$bin/impasto" "$stage/gimp-2.10/impasto"; fi
if [ -x "$bin/impasto3" ]; then mkdir "$stage/gimp-3" && ln -s "$bin/impasto3" "$stage/gimp-3/impasto"; fi
# The plug-in writes the standard brush and dynamics (the same code as its Regenerate procedure).
"$writer" --write-brush "$stage" || die "could not generate the Impasto Bristle brush"
# And the help pages, from the procedures' declarations and po/ (the dialogs' Help buttons).
"$writer" --write-help "$stage" "$here" || die "could not write the help pages"
catalogues "$stage"
sh "$installer" --from "$stage"

[ "$demo" = 1 ] || exit 0

# --- demo: the installed plug-in in GIMP batch mode, on a photo -------------------------------
# A throw-away GIMP profile that loads the installed plug-in: the user's own profile is not
# touched (a first GIMP run would otherwise create or rewrite it). GIMP 2.10 if it is here,
# else GIMP 3.
out=${TMPDIR:-/tmp}/impasto-demo
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch" "$stage"' EXIT
mkdir -p "$scratch/profile/gradients" "$scratch/cache"
photo=$here/Tests/Fixtures/astronaut.png
result=$out/astronaut-pencil.png
embossed=$out/impasto-emboss.png
rm -f "$result" "$embossed"
cp "$photo" "$out/astronaut.png"
demo_gimp=
while IFS='|' read -r series version profile _ kind; do
  [ "$kind" = native ] && has "gimp-console-$version" && [ -x "$profile/plug-ins/impasto/impasto" ] || continue
  case $series in
    2) demo_gimp="2|$version|$profile"; break ;;
    3) [ -n "$demo_gimp" ] || demo_gimp="3|$version|$profile" ;;
  esac
done <<<"$gimps"
[ -n "$demo_gimp" ] || die "the demo needs GIMP 2.10 or 3 from Debian with the plug-in installed"
IFS='|' read -r series version profile <<<"$demo_gimp"
printf '(plug-in-path "%s:${gimp_plug_in_dir}/plug-ins")\n' "$profile/plug-ins" > "$scratch/profile/gimprc"
say "demo: GIMP batch mode, plug-in-impasto-pencil-hue-saturation azimuth -60 altitude 67.5 on $photo"
say "demo: GIMP batch mode, plug-in-impasto-emboss on the word Impasto set in DejaVu Sans Bold"
if [ "$series" = 2 ]; then
  GIMP2_DIRECTORY=$scratch/profile XDG_CACHE_HOME=$scratch/cache \
    timeout 300 gimp-console-2.10 -i -d -b "
    (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$photo\" \"$photo\")))
           (drawable (car (gimp-image-get-active-drawable image))))
      (plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE image drawable -60 67.5 8 0)
      (gimp-file-save RUN-NONINTERACTIVE image drawable \"$result\" \"$result\")
      (gimp-image-delete image))" -b "
    (let* ((image (car (gimp-image-new 560 170 RGB)))
           (background (car (gimp-layer-new image 560 170 RGB-IMAGE \"background\" 100 LAYER-MODE-NORMAL)))
           (text (car (gimp-text-fontname image -1 20 12 \"Impasto\" 0 TRUE 118 PIXELS \"DejaVu Sans Bold\"))))
      (gimp-image-insert-layer image background 0 1)
      (gimp-context-set-foreground '(38 40 46))
      (gimp-drawable-fill background FILL-FOREGROUND)
      (plug-in-impasto-emboss RUN-NONINTERACTIVE image text 10 10 0 0 0 -1 \"\")
      (let ((flat (car (gimp-image-flatten image))))
        (gimp-file-save RUN-NONINTERACTIVE image flat \"$embossed\" \"$embossed\"))
      (gimp-image-delete image))" -b '(gimp-quit 0)' >"$scratch/gimp.log" 2>&1 || true
else
  GIMP3_DIRECTORY=$scratch/profile XDG_CACHE_HOME=$scratch/cache \
    timeout 300 "gimp-console-$version" -i --batch-interpreter=plug-in-script-fu-eval -b "
    (let* ((image (car (gimp-file-load RUN-NONINTERACTIVE \"$photo\")))
           (drawable (vector-ref (car (gimp-image-get-selected-drawables image)) 0)))
      (plug-in-impasto-pencil-hue-saturation RUN-NONINTERACTIVE image (vector drawable) -60 67.5 8 FALSE)
      (gimp-file-save RUN-NONINTERACTIVE image \"$result\")
      (gimp-image-delete image))" -b "
    (let* ((image (car (gimp-image-new 560 170 RGB)))
           (background (car (gimp-layer-new image \"background\" 560 170 RGB-IMAGE 100 LAYER-MODE-NORMAL)))
           (font (car (gimp-font-get-by-name \"DejaVu Sans Bold\")))
           (text (car (gimp-text-font image -1 20 12 \"Impasto\" 0 TRUE 118 font))))
      (gimp-image-insert-layer image background 0 1)
      (gimp-context-set-foreground '(38 40 46))
      (gimp-drawable-fill background FILL-FOREGROUND)
      (plug-in-impasto-emboss RUN-NONINTERACTIVE image (vector text) 10 10 \"round\" 0 \"alpha\" -1 \"\")
      (gimp-image-flatten image)
      (gimp-file-save RUN-NONINTERACTIVE image \"$embossed\")
      (gimp-image-delete image))" --quit >"$scratch/gimp.log" 2>&1 || true
fi
# GIMP 2.10 says "execution error", GIMP 3 "Procedure execution of … failed".
if [ ! -s "$result" ] || [ ! -s "$embossed" ] || grep -qE 'execution error|Procedure execution of .* failed' "$scratch/gimp.log"; then
  cat "$scratch/gimp.log" >&2
  die "the demo failed in GIMP batch mode (log above)"
fi
say "demo: before $out/astronaut.png"
say "demo: after  $result"
say "demo: embossed text $embossed"
