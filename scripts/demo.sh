#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The demo: the installed plug-in in GIMP batch mode (GIMP 2.10 if it is here, else GIMP 3),
# Impasto Pencil Hue/Saturation on a photo and Impasto Emboss on the word Impasto set in
# DejaVu Sans Bold, into ${TMPDIR:-/tmp}/impasto-demo: astronaut.png (before),
# astronaut-pencil.png and impasto-emboss.png.
#
#   scripts/demo.sh   (plugin-install.sh --demo, after the install)
#
# GIMP runs on a throw-away profile that loads the installed plug-in: the user's own profile is
# not touched (a first GIMP run would otherwise create or rewrite it).
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

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
while IFS='|' read -r series gimp_version profile _ kind; do
  if [ "$kind" != native ] || ! has "gimp-console-$gimp_version" || [ ! -x "$profile/plug-ins/impasto/impasto" ]; then continue; fi
  case $series in
    2) demo_gimp="2|$gimp_version|$profile"; break ;;
    3) [ -n "$demo_gimp" ] || demo_gimp="3|$gimp_version|$profile" ;;
  esac
done <<<"$(find_gimps)"
[ -n "$demo_gimp" ] || die "the demo needs GIMP 2.10 or 3 from Debian with the plug-in installed"
IFS="|" read -r series gimp_version profile <<<"$demo_gimp"
# shellcheck disable=SC2016  # GIMP expands ${gimp_plug_in_dir} when it reads gimprc
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
    timeout 300 "gimp-console-$gimp_version" -i --batch-interpreter=plug-in-script-fu-eval -b "
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
