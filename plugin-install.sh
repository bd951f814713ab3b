#!/usr/bin/env bash
# Impasto installer for GIMP 2.10 on Linux.
#
#   ./plugin-install.sh              install what is missing, build (release), install, verify
#   ./plugin-install.sh --demo       the same, then apply an effect to a photo in GIMP batch mode
#   ./plugin-install.sh --uninstall  remove exactly the files an install puts in place
#   ./plugin-install.sh --from DIR   install an already built plug-in and module from DIR
#                                    (a `swift build` bin path) instead of building
#
# Where things go (SPEC.md):
#   plug-in      ${GIMP2_DIRECTORY:-${XDG_CONFIG_HOME:-~/.config}/GIMP/2.10}/plug-ins/impasto/impasto
#   GEGL module  ${XDG_DATA_HOME:-~/.local/share}/gegl-0.4/plug-ins/libimpasto-gegl.so
#   brush        <the same GIMP profile>/brushes/impasto-bristle.gih    ("Impasto Bristle")
#   dynamics     <the same GIMP profile>/dynamics/impasto-bristle.gdyn  ("Impasto Bristle")
#                (an install puts back the standard brush over one regenerated with
#                plug-in-impasto-bristle-brush; regenerate it again after updating)
#   folders      <plug-in folder>/installed-folders: the folders the install had to create, which
#                --uninstall removes again once they are empty (never a folder that was there)
# Nothing else is written, except --demo's result in ${TMPDIR:-/tmp}/impasto-demo.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
profile=${GIMP2_DIRECTORY:-${XDG_CONFIG_HOME:-$HOME/.config}/GIMP/2.10}
# GIMP reads a relative GIMP2_DIRECTORY as relative to the home directory.
case $profile in /*) ;; *) profile=$HOME/$profile ;; esac
plugin_dir=$profile/plug-ins/impasto
plugin=$plugin_dir/impasto
module_dir=${XDG_DATA_HOME:-$HOME/.local/share}/gegl-0.4/plug-ins
module=$module_dir/libimpasto-gegl.so
brush=$profile/brushes/impasto-bristle.gih
dynamics=$profile/dynamics/impasto-bristle.gdyn
created=$plugin_dir/installed-folders
ops=(impasto:pencil-hue-saturation impasto:emboss impasto:emboss-matcap impasto:bristle-normal-map impasto:normal-light)

say() { printf 'impasto: %s\n' "$*"; }
die() { printf 'impasto: error: %s\n' "$*" >&2; exit 1; }

usage() { sed -n '2,18s/^# \{0,1\}//p' "$0"; }

demo=0 uninstall=0 from=
while [ $# -gt 0 ]; do
  case $1 in
    --demo) demo=1 ;;
    --uninstall) uninstall=1 ;;
    --from) [ $# -ge 2 ] || die "--from needs a directory"; from=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
  shift
done

if [ "$uninstall" = 1 ]; then
  folders=()
  [ -f "$created" ] && mapfile -t folders < "$created"
  for f in "$plugin" "$module" "$brush" "$dynamics" "$created"; do
    if [ -e "$f" ]; then rm -f "$f"; say "removed $f"; fi
  done
  # Deepest first (a folder sorts after its parent), and only while empty: a folder that
  # now holds something else stays.
  while IFS= read -r dir; do
    if [ -n "$dir" ] && rmdir "$dir" 2>/dev/null; then say "removed $dir/"; fi
  done < <(printf '%s\n' "${folders[@]}" "$plugin_dir" | LC_ALL=C sort -ru)
  say "uninstalled (restart GIMP to forget the menu entries)"
  exit 0
fi

# --- what the machine needs -------------------------------------------------------------
# Debian packages: GIMP and the gegl CLI (to verify) always; headers and pkg-config to build;
# a font for the demo, which sets text in DejaVu Sans Bold.
missing=()
command -v gimp-console-2.10 >/dev/null || missing+=(gimp)
command -v gegl >/dev/null || missing+=(gegl)
if [ -z "$from" ]; then
  command -v pkg-config >/dev/null || missing+=(pkg-config)
  pkg-config --exists gegl-0.4 2>/dev/null || missing+=(libgegl-dev libbabl-dev)
  pkg-config --exists gimp-2.0 2>/dev/null || missing+=(libgimp2.0-dev)
fi
if [ "$demo" = 1 ] && [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ]; then
  missing+=(fonts-dejavu-core)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    die "missing Debian packages; install them with:
    sudo apt-get update && sudo apt-get install -y ${missing[*]}
then run this script again."
  fi
fi

# --- build --------------------------------------------------------------------------------
if [ -n "$from" ]; then
  bin=$(cd "$from" && pwd)
else
  command -v swift >/dev/null || die "swift is not on PATH (Impasto needs Swift 5.9 or later: https://swift.org/install)"
  say "building (release) in $here"
  log=$(mktemp)
  for product in impasto-gegl impasto; do
    if ! (cd "$here" && swift build -c release --product "$product") >"$log" 2>&1; then
      grep -v 'prohibited flag' "$log" | tail -n 40 >&2
      rm -f "$log"
      die "the build of $product failed (compiler output above)"
    fi
  done
  rm -f "$log"
  bin=$(cd "$here" && swift build -c release --show-bin-path)
fi
[ -x "$bin/impasto" ] || die "no plug-in at $bin/impasto (build failed?)"
[ -f "$bin/libimpasto-gegl.so" ] || die "no GEGL module at $bin/libimpasto-gegl.so (build failed?)"

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
put "$bin/impasto" "$plugin" 755
put "$bin/libimpasto-gegl.so" "$module" 644
# The plug-in writes the standard brush and dynamics (the same code as its Regenerate procedure).
made=$(mktemp -d)
"$bin/impasto" --write-brush "$made" || { rm -rf "$made"; die "could not generate the Impasto Bristle brush"; }
put "$made/brushes/impasto-bristle.gih" "$brush" 644
put "$made/dynamics/impasto-bristle.gdyn" "$dynamics" 644
rm -rf "$made"
# Added to what earlier installs created (a reinstall finds their folders in place).
if [ ${#new_folders[@]} -gt 0 ]; then printf '%s\n' "${new_folders[@]}" >> "$created"; fi

# --- verify -------------------------------------------------------------------------------
# GEGL_PATH replaces GEGL's default directories; a user who set it must include ours.
# gegl makes babl and swap folders in the cache folder: a scratch one, so that nothing else
# is left behind.
cache=$(mktemp -d)
for op in "${ops[@]}"; do
  XDG_CACHE_HOME=$cache gegl --exists "$op" 2>/dev/null \
    || { rm -rf "$cache"; die "gegl does not see $op after install (is GEGL_PATH set without $module_dir?)"; }
done
rm -rf "$cache"
say "verified: gegl sees ${ops[*]}"
say "done: restart GIMP; the filters are in Colors → Pencil Hue/Saturation, Filters → Light and Shadow (Impasto Emboss, Impasto Normal Light), Filters → Map (Impasto Bristle Normal Map), Edit → Impasto Bristle Stroke Path and Tools → GEGL Operation; the brush and dynamics are called Impasto Bristle."

[ "$demo" = 1 ] || exit 0

# --- demo: the installed plug-in in GIMP batch mode, on a photo -------------------------------
# A throw-away GIMP profile that loads the installed plug-in: the user's own profile is not
# touched (a first GIMP run would otherwise create or rewrite it).
out=${TMPDIR:-/tmp}/impasto-demo
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/profile/gradients" "$scratch/cache"
printf '(plug-in-path "%s:${gimp_plug_in_dir}/plug-ins")\n' "$profile/plug-ins" > "$scratch/profile/gimprc"
photo=$here/Tests/Fixtures/astronaut.png
result=$out/astronaut-pencil.png
embossed=$out/impasto-emboss.png
rm -f "$result" "$embossed"
cp "$photo" "$out/astronaut.png"
say "demo: GIMP batch mode, plug-in-impasto-pencil-hue-saturation azimuth -60 altitude 67.5 on $photo"
say "demo: GIMP batch mode, plug-in-impasto-emboss on the word Impasto set in DejaVu Sans Bold"
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
if [ ! -s "$result" ] || [ ! -s "$embossed" ] || grep -q 'execution error' "$scratch/gimp.log"; then
  cat "$scratch/gimp.log" >&2
  die "the demo failed in GIMP batch mode (log above)"
fi
say "demo: before $out/astronaut.png"
say "demo: after  $result"
say "demo: embossed text $embossed"
