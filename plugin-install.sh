#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Impasto installer for every GIMP on this Linux machine: GIMP 2.10, GIMP 3.0 and 3.2
# (Debian's, or a Flatpak org.gimp.GIMP).
#
#   ./plugin-install.sh              install what is missing, build (release), install, verify
#   ./plugin-install.sh --demo       the same, then apply an effect to a photo in GIMP batch mode
#   ./plugin-install.sh --uninstall  remove exactly the files an install puts in place
#   ./plugin-install.sh --from DIR   install already built products from DIR (a `swift build`
#                                    bin path: impasto for 2.10, impasto3 for 3.x, the module)
#   ./plugin-install.sh --version    print Impasto's version
#
# Which GIMPs (SPEC.md, install layout), each with its own profile:
#   2.10     ${GIMP2_DIRECTORY:-${XDG_CONFIG_HOME:-~/.config}/GIMP/2.10}, when gimp-2.10 or
#            gimp-console-2.10 is installed or that profile exists
#   3.0/3.2  ${GIMP3_DIRECTORY:-${XDG_CONFIG_HOME:-~/.config}/GIMP/3.x}, when gimp-3.x or
#            gimp-console-3.x is installed or that profile exists
#   Flatpak  ~/.var/app/org.gimp.GIMP/config/GIMP/<version>, each version folder there
# With no GIMP at all, Debian's own is installed (2.10 on Debian 12, 3.0 on Debian 13).
#
# What goes where:
#   plug-in      <profile>/plug-ins/impasto/impasto (GIMP 2.10's build for 2.10, GIMP 3's for 3.x)
#   GEGL module  ${XDG_DATA_HOME:-~/.local/share}/gegl-0.4/plug-ins/libimpasto-gegl.so (every
#                native GIMP), ~/.var/app/org.gimp.GIMP/data/gegl-0.4/plug-ins/ (Flatpak)
#   brush        <profile>/brushes/impasto-bristle.gih    ("Impasto Bristle")
#   dynamics     <profile>/dynamics/impasto-bristle.gdyn  ("Impasto Bristle")
#                (an install puts back the standard brush over one regenerated with
#                plug-in-impasto-bristle-brush; regenerate it again after updating)
#   folders      <profile>/plug-ins/impasto/installed-folders: the folders the install had to
#                create, which --uninstall removes again once they are empty (never one that was there)
# A GIMP whose plug-in cannot be built here (no libgimp for it in this Debian) still gets the
# GEGL module, the brush and the dynamics, and the installer says so.
# Nothing else is written, except --demo's result in ${TMPDIR:-/tmp}/impasto-demo.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
config=${XDG_CONFIG_HOME:-$HOME/.config}
module_name=libimpasto-gegl.so
native_module_dir=${XDG_DATA_HOME:-$HOME/.local/share}/gegl-0.4/plug-ins
flatpak_home=$HOME/.var/app/org.gimp.GIMP
ops=(impasto:pencil-hue-saturation impasto:emboss impasto:emboss-matcap impasto:bristle-normal-map impasto:normal-light
     impasto:paint-relief)

say() { printf 'impasto: %s\n' "$*"; }
die() { printf 'impasto: error: %s\n' "$*" >&2; exit 1; }

usage() { sed -n '3,/^set -euo/{/^#/s/^# \{0,1\}//p;}' "$0"; }   # the comment above, after the licence line

demo=0 uninstall=0 from=
while [ $# -gt 0 ]; do
  case $1 in
    --demo) demo=1 ;;
    --uninstall) uninstall=1 ;;
    --from) [ $# -ge 2 ] || die "--from needs a directory"; from=$2; shift ;;
    --version) sed -n 's/^ *public static let version = "\(.*\)"$/impasto \1/p' "$here/Sources/ImpastoFrontEnd/Version.swift"; exit 0 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
  shift
done

# GIMP reads a relative GIMP2_DIRECTORY / GIMP3_DIRECTORY as relative to the home directory.
absolute() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$HOME" "$1" ;; esac; }
has() { command -v "$1" >/dev/null 2>&1; }

# --- which GIMPs ----------------------------------------------------------------------------
# Each line: "<series> <profile> <module folder>", series 2 (GIMP 2.10) or 3 (GIMP 3.x).
find_gimps() {
  local version profile
  if has gimp-2.10 || has gimp-console-2.10 || [ -n "${GIMP2_DIRECTORY:-}" ] || [ -d "$config/GIMP/2.10" ]; then
    echo "2 $(absolute "${GIMP2_DIRECTORY:-$config/GIMP/2.10}") $native_module_dir"
  fi
  for version in 3.0 3.2; do
    if has "gimp-$version" || has "gimp-console-$version" || [ -d "$config/GIMP/$version" ]; then
      profile=$config/GIMP/$version
      [ -n "${GIMP3_DIRECTORY:-}" ] && profile=$(absolute "$GIMP3_DIRECTORY")
      echo "3 $profile $native_module_dir"
    fi
  done
  if [ -d "$flatpak_home/config/GIMP" ]; then
    for profile in "$flatpak_home"/config/GIMP/*/; do
      [ -d "$profile" ] || continue
      profile=${profile%/}
      case ${profile##*/} in 2.*) version=2 ;; 3.*) version=3 ;; *) continue ;; esac
      echo "$version $profile $flatpak_home/data/gegl-0.4/plug-ins"
    done
  fi
}

# The same profile can be found twice (GIMP3_DIRECTORY set with two GIMP 3 versions).
mapfile -t gimps < <(find_gimps | awk '!seen[$2]++')

if [ "$uninstall" = 1 ]; then
  [ ${#gimps[@]} -gt 0 ] || say "no GIMP profile found: nothing to remove"
  modules=()
  for gimp in "${gimps[@]}"; do
    read -r _ profile module_dir <<<"$gimp"
    plugin_dir=$profile/plug-ins/impasto
    created=$plugin_dir/installed-folders
    folders=()
    [ -f "$created" ] && mapfile -t folders < "$created"
    for f in "$plugin_dir/impasto" "$profile/brushes/impasto-bristle.gih" "$profile/dynamics/impasto-bristle.gdyn" \
             "$module_dir/$module_name" "$created"; do
      if [ -e "$f" ]; then rm -f "$f"; say "removed $f"; fi
    done
    # Deepest first (a folder sorts after its parent), and only while empty: a folder that
    # now holds something else stays.
    while IFS= read -r dir; do
      if [ -n "$dir" ] && rmdir "$dir" 2>/dev/null; then say "removed $dir/"; fi
    done < <(printf '%s\n' "${folders[@]}" "$plugin_dir" | LC_ALL=C sort -ru)
  done
  say "uninstalled (restart GIMP to forget the menu entries)"
  exit 0
fi

# --- what the machine needs -------------------------------------------------------------
# Debian packages: a GIMP if there is none, the gegl CLI (to verify); to build, the headers
# and pkg-config, and each found GIMP's libgimp headers where this Debian has them; a font for
# the demo, which sets text in DejaVu Sans Bold.
available() { apt-cache show "$1" >/dev/null 2>&1; }
missing=()
if [ ${#gimps[@]} -eq 0 ] && ! has gimp; then missing+=(gimp); fi
has gegl || missing+=(gegl)
if [ -z "$from" ]; then
  has pkg-config || missing+=(pkg-config)
  pkg-config --exists gegl-0.4 2>/dev/null || missing+=(libgegl-dev libbabl-dev)
fi
if [ "$demo" = 1 ] && [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ]; then
  missing+=(fonts-dejavu-core)
fi
if [ ${#missing[@]} -gt 0 ] || [ -z "$from" ]; then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    # A mirror that cannot be read (offline, an expired Release file) is no reason to stop
    # when everything needed is installed already; an install that needs it fails below.
    apt-get update -qq || say "warning: apt-get update failed; going on with the package lists this machine has"
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    mapfile -t gimps < <(find_gimps | awk '!seen[$2]++')
  else
    die "missing Debian packages; install them with:
    sudo apt-get update && sudo apt-get install -y ${missing[*]}
then run this script again."
  fi
fi
[ ${#gimps[@]} -gt 0 ] || die "no GIMP found (install GIMP 2.10 or 3, or run GIMP once so its profile exists)"

series_wanted() { printf '%s\n' "${gimps[@]}" | grep -q "^$1 "; }
# The libgimp each series' plug-in builds against, if this Debian has it.
if [ -z "$from" ]; then
  dev=()
  if series_wanted 2 && ! pkg-config --exists gimpui-2.0 2>/dev/null && available libgimp2.0-dev; then dev+=(libgimp2.0-dev); fi
  if series_wanted 3 && ! pkg-config --exists gimp-3.0 2>/dev/null && available libgimp-3.0-dev; then dev+=(libgimp-3.0-dev); fi
  if [ ${#dev[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      say "installing Debian packages: ${dev[*]}"
      apt-get install -y -qq --no-install-recommends "${dev[@]}" >/dev/null
    else
      die "missing Debian packages; install them with:
    sudo apt-get update && sudo apt-get install -y ${dev[*]}
then run this script again."
    fi
  fi
fi

# --- build --------------------------------------------------------------------------------
# Each GIMP series' plug-in: impasto (libgimp 2.0), impasto3 (libgimp 3.0).
product_of() { if [ "$1" = 2 ]; then echo impasto; else echo impasto3; fi; }
if [ -n "$from" ]; then
  bin=$(cd "$from" && pwd)
else
  has swift || die "swift is not on PATH (Impasto needs Swift 5.9 or later: https://swift.org/install)"
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

# --- install ------------------------------------------------------------------------------
# Copy next to the target, then rename over it: a running GIMP that has the old module
# mapped keeps its copy instead of crashing on a file rewritten under it.
new_folders=()
put() {
  local from=$1 to=$2 mode=$3 dir
  dir=$(dirname "$to")
  while [ ! -d "$dir" ]; do new_folders+=("$dir"); dir=$(dirname "$dir"); done
  mkdir -p "$(dirname "$to")"
  if [ -e "$to" ] && cmp -s "$from" "$to"; then say "up to date: $to"; return; fi
  cp "$from" "$to.new.$$"
  chmod "$mode" "$to.new.$$"
  mv -f "$to.new.$$" "$to"
  say "installed $to"
}
# The plug-in writes the standard brush and dynamics (the same code as its Regenerate procedure).
made=$(mktemp -d)
"$writer" --write-brush "$made" || { rm -rf "$made"; die "could not generate the Impasto Bristle brush"; }
installed=()
for gimp in "${gimps[@]}"; do
  read -r series profile module_dir <<<"$gimp"
  new_folders=()
  product=$(product_of "$series")
  if [ -x "$bin/$product" ]; then
    # GIMP loads plug-ins/<name>/<name> only: GIMP 3's build is installed as impasto too.
    put "$bin/$product" "$profile/plug-ins/impasto/impasto" 755
    if [ "$series" = 2 ]; then installed+=("GIMP 2.10 ($profile)"); else installed+=("GIMP 3 ($profile)"); fi
  else
    say "no $product build for the GIMP in $profile (its libgimp is not in this Debian): it gets the GEGL ops, the brush and the dynamics"
  fi
  put "$bin/$module_name" "$module_dir/$module_name" 644
  put "$made/brushes/impasto-bristle.gih" "$profile/brushes/impasto-bristle.gih" 644
  put "$made/dynamics/impasto-bristle.gdyn" "$profile/dynamics/impasto-bristle.gdyn" 644
  # Added to what earlier installs created (a reinstall finds their folders in place).
  if [ ${#new_folders[@]} -gt 0 ]; then
    mkdir -p "$profile/plug-ins/impasto"
    printf '%s\n' "${new_folders[@]}" >> "$profile/plug-ins/impasto/installed-folders"
  fi
done
rm -rf "$made"

# --- verify -------------------------------------------------------------------------------
# GEGL_PATH replaces GEGL's default directories; a user who set it must include ours.
# gegl makes babl and swap folders in the cache folder: a scratch one, so that nothing else
# is left behind.
if printf '%s\n' "${gimps[@]}" | grep -q " $native_module_dir\$"; then
  cache=$(mktemp -d)
  for op in "${ops[@]}"; do
    XDG_CACHE_HOME=$cache gegl --exists "$op" 2>/dev/null \
      || { rm -rf "$cache"; die "gegl does not see $op after install (is GEGL_PATH set without $native_module_dir?)"; }
  done
  rm -rf "$cache"
  say "verified: gegl sees ${ops[*]}"
fi
say "plug-in installed for: ${installed[*]:-no GIMP}"
say "done: restart GIMP. The menus: Colors → Pencil Hue/Saturation, Filters → Light and Shadow (Impasto Emboss, Impasto Paint Relief, Impasto Normal Light), Filters → Map (Bristle Normal Map), Edit → Impasto Bristle Stroke Path; the brush and dynamics are called Impasto Bristle."
if series_wanted 3; then say "in GIMP 3, emboss, the normal map and the pencil are live filters you can edit later (the fx icon in the Layers dialog)"; fi

[ "$demo" = 1 ] || exit 0

# --- demo: the installed plug-in in GIMP batch mode, on a photo -------------------------------
# A throw-away GIMP profile that loads the installed plug-in: the user's own profile is not
# touched (a first GIMP run would otherwise create or rewrite it). GIMP 2.10 if it is here,
# else GIMP 3.
out=${TMPDIR:-/tmp}/impasto-demo
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/profile/gradients" "$scratch/cache"
photo=$here/Tests/Fixtures/astronaut.png
result=$out/astronaut-pencil.png
embossed=$out/impasto-emboss.png
rm -f "$result" "$embossed"
cp "$photo" "$out/astronaut.png"
demo_gimp=
for gimp in "${gimps[@]}"; do
  read -r series profile _ <<<"$gimp"
  case $series in
    2) has gimp-console-2.10 && [ -x "$profile/plug-ins/impasto/impasto" ] && { demo_gimp="2 $profile"; break; } ;;
    3) [ -z "$demo_gimp" ] && has gimp-console && [ -x "$profile/plug-ins/impasto/impasto" ] && demo_gimp="3 $profile" ;;
  esac
done
[ -n "$demo_gimp" ] || die "the demo needs GIMP 2.10 or 3 from Debian with the plug-in installed"
read -r series profile <<<"$demo_gimp"
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
    timeout 300 gimp-console -i --batch-interpreter=plug-in-script-fu-eval -b "
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
