#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs Impasto into every GIMP on this Linux machine: GIMP 2.10, GIMP 3.0 and 3.2, native
# or the Flatpak org.gimp.GIMP. Needs no compiler, no root and no network.
#
#   ./install.sh              install what this folder holds
#   ./install.sh --uninstall  remove exactly what an install put in place
#   ./install.sh --list       only list the GIMPs it finds, one per line:
#                             series|version|profile|GEGL module folder|native or flatpak
#
# Which GIMPs, each with its own profile:
#   2.10     ${GIMP2_DIRECTORY:-${XDG_CONFIG_HOME:-~/.config}/GIMP/2.10}, when gimp-2.10 or
#            gimp-console-2.10 is installed or that profile exists
#   3.0/3.2  ${GIMP3_DIRECTORY:-${XDG_CONFIG_HOME:-~/.config}/GIMP/3.x}, when gimp-3.x or
#            gimp-console-3.x is installed or that profile exists
#   Flatpak  ~/.var/app/org.gimp.GIMP/config/GIMP/<version>, each version folder there (a
#            Flatpak GIMP makes it on its first start)
# A native GIMP that has never been started has no profile yet: it is started once in batch
# mode to make one, as its first start would (settings of an older GIMP are carried over then;
# a profile made by anyone else would stop GIMP from doing that).
#
# What goes where:
#   plug-in      <profile>/plug-ins/impasto/impasto (the 2.10 build for 2.10, GIMP 3's for 3.x)
#   GEGL module  ${XDG_DATA_HOME:-~/.local/share}/gegl-0.4/plug-ins/libimpasto-gegl.so (every
#                native GIMP), ~/.var/app/org.gimp.GIMP/data/gegl-0.4/plug-ins/ (Flatpak)
#   brushes      <profile>/brushes/Impasto/impasto-bristle.gih    ("Impasto Bristle", round)
#                <profile>/brushes/Impasto/impasto-flat.gih       ("Impasto Flat")
#   dynamics     <profile>/dynamics/Impasto/impasto-bristle.gdyn  ("Impasto Bristle")
#                (GIMP tags what a folder holds with its name: the tag filters find "Impasto")
#   translations <profile>/plug-ins/impasto/locale/<language>/LC_MESSAGES/impasto.mo (the plug-in's)
#                and <GEGL module folder>/impasto-locale/<language>/LC_MESSAGES/impasto.mo (the
#                ops'): one catalogue of the text domain "impasto" per language this folder's
#                locale/ holds (GEGL loads only *.so files from its module folders)
#   help pages   <profile>/plug-ins/impasto/help/<language>/ (gimp-help.xml, one page per procedure)
#                and help/images/: English and each language of locale/
#   folders      <profile>/plug-ins/impasto/installed-folders: the folders the install had to
#                create, which --uninstall removes again once they are empty (never one that was there)
# Nothing else is written.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
# The folder with what to install (this script's own in the release bundle).
source_dir=$here
config=${XDG_CONFIG_HOME:-$HOME/.config}
module_name=libimpasto-gegl.so
native_module_dir=${XDG_DATA_HOME:-$HOME/.local/share}/gegl-0.4/plug-ins
flatpak_home=$HOME/.var/app/org.gimp.GIMP
# The brush and dynamics files, relative to the profile (and to this folder).
brush_files="brushes/Impasto/impasto-bristle.gih brushes/Impasto/impasto-flat.gih dynamics/Impasto/impasto-bristle.gdyn"
# Where earlier versions put them: an install moves them, an uninstall removes them too.
former_brush_files="brushes/impasto-bristle.gih brushes/impasto-flat.gih dynamics/impasto-bristle.gdyn"
ops="impasto:pencil-hue-saturation impasto:emboss impasto:emboss-matcap impasto:bristle-normal-map impasto:normal-light impasto:paint-relief"

say() { printf 'impasto: %s\n' "$*"; }
die() { printf 'impasto: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '3,/^set -eu/{/^#/s/^# \{0,1\}//p;}' "$0"; }   # the comment above, after the licence line
has() { command -v "$1" >/dev/null 2>&1; }
# GIMP reads a relative GIMP2_DIRECTORY / GIMP3_DIRECTORY as relative to the home directory.
absolute() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$HOME" "$1" ;; esac; }

action=install
while [ $# -gt 0 ]; do
  case $1 in
    --uninstall) action=uninstall ;;
    --list) action=list ;;
    --from) [ $# -ge 2 ] || die "--from needs a directory"; source_dir=$(cd "$2" && pwd) || die "no folder $2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
  shift
done

# --- which GIMPs ----------------------------------------------------------------------------
# One line per GIMP: "<series>|<version>|<profile>|<module folder>|<kind>", series 2 (GIMP
# 2.10) or 3 (GIMP 3.x), kind native or flatpak. The same profile is listed once
# (GIMP3_DIRECTORY set with two GIMP 3 versions).
find_gimps() {
  {
    if has gimp-2.10 || has gimp-console-2.10 || [ -n "${GIMP2_DIRECTORY:-}" ] || [ -d "$config/GIMP/2.10" ]; then
      echo "2|2.10|$(absolute "${GIMP2_DIRECTORY:-$config/GIMP/2.10}")|$native_module_dir|native"
    fi
    for version in 3.0 3.2; do
      if has "gimp-$version" || has "gimp-console-$version" || [ -d "$config/GIMP/$version" ]; then
        profile=$config/GIMP/$version
        [ -n "${GIMP3_DIRECTORY:-}" ] && profile=$(absolute "$GIMP3_DIRECTORY")
        echo "3|$version|$profile|$native_module_dir|native"
      fi
    done
    for profile in "$flatpak_home"/config/GIMP/*/; do
      [ -d "$profile" ] || continue
      profile=${profile%/}
      version=${profile##*/}
      case $version in 2.*) series=2 ;; 3.*) series=3 ;; *) continue ;; esac
      echo "$series|$version|$profile|$flatpak_home/data/gegl-0.4/plug-ins|flatpak"
    done
  } | awk -F'|' '!seen[$3]++'
}

gimps=$(find_gimps)
# The GIMP list is read line by line with IFS='|'; paths may hold spaces.
each_gimp() {
  printf '%s\n' "$gimps" | while IFS='|' read -r series version profile module_dir kind; do
    if [ -n "$series" ]; then "$@" "$series" "$version" "$profile" "$module_dir" "$kind"; fi
  done
}
name_of() { if [ "$5" = flatpak ]; then echo "Flatpak GIMP $2"; else echo "GIMP $2"; fi; }

if [ "$action" = list ]; then
  [ -z "$gimps" ] || printf '%s\n' "$gimps"
  exit 0
fi

# Every file an install puts in place for one GIMP, a line each, FROM|TO|MODE|HOW: install
# copies FROM (in this folder) to each TO, --uninstall removes each TO. The one list of what
# goes where. HOW "quietly": one of many (the help pages), reported as a group. What there is
# of the plug-in, its catalogues and help pages is what this folder holds, to install (FROM
# given), or what is in place, to remove: so an uninstall also removes an install made from
# another folder (plugin-install.sh --uninstall runs from the repository).
installed_files() {   # installed_files SERIES PROFILE MODULE_DIR [FROM]
  series=$1 profile=$2 module_dir=$3 from=${4:-}
  plugin=gimp-2.10; [ "$series" = 2 ] || plugin=gimp-3
  plugin_dir=$profile/plug-ins/impasto
  if [ -n "$from" ]; then
    has_plugin=; [ ! -f "$from/$plugin/impasto" ] || has_plugin=1
    languages=$(cd "$from" && ls -d locale/*/LC_MESSAGES/impasto.mo 2>/dev/null | cut -d/ -f2)
    help=$from/help
  else
    has_plugin=1
    languages=$( { ls -d "$module_dir"/impasto-locale/*/LC_MESSAGES/impasto.mo "$plugin_dir"/locale/*/LC_MESSAGES/impasto.mo; } 2>/dev/null \
                 | sed 's,/LC_MESSAGES/impasto.mo$,,; s,.*/,,' | LC_ALL=C sort -u)
    help=$plugin_dir/help
  fi
  # GIMP loads plug-ins/<name>/<name> only: GIMP 3's build is installed as impasto too.
  [ -z "$has_plugin" ] || echo "$plugin/impasto|$plugin_dir/impasto|755|"
  echo "gegl-0.4/$module_name|$module_dir/$module_name|644|"
  for language in $languages; do
    catalogue=locale/$language/LC_MESSAGES/impasto.mo
    echo "$catalogue|$module_dir/impasto-$catalogue|644|"
    [ -z "$has_plugin" ] || echo "$catalogue|$plugin_dir/$catalogue|644|"
  done
  # The help pages (each language's and their pictures) beside the plug-in, which registers them.
  if [ -n "$has_plugin" ] && [ -d "$help" ]; then
    (cd "$help" && find . -type f | LC_ALL=C sort) | while IFS= read -r page; do
      echo "help/${page#./}|$plugin_dir/help/${page#./}|644|quietly"
    done
  fi
  for b in $brush_files; do echo "$b|$profile/$b|644|"; done
}

if [ "$action" = uninstall ]; then
  [ -n "$gimps" ] || say "no GIMP profile found: nothing to remove"
  uninstall_one() {
    series=$1 profile=$3 module_dir=$4
    plugin_dir=$profile/plug-ins/impasto
    created=$plugin_dir/installed-folders
    pages=0
    installed_files "$series" "$profile" "$module_dir" | {
      while IFS='|' read -r from to mode how; do
        [ -e "$to" ] || continue
        rm -f "$to"
        if [ "$how" = quietly ]; then pages=$((pages + 1)); else say "removed $to"; fi
      done
      [ "$pages" = 0 ] || say "removed the help pages in $plugin_dir/help ($pages files)"
    }
    # What an earlier version put elsewhere, and GIMP 3's last values of the procedures
    # (GimpProcedureConfig keeps them in the profile).
    for b in $former_brush_files; do
      if [ -e "$profile/$b" ]; then rm -f "$profile/$b"; say "removed $profile/$b"; fi
    done
    for f in "$profile"/plug-in-settings/*-plug-in-impasto-*; do
      if [ -e "$f" ]; then rm -f "$f"; say "removed $f"; fi
    done
    # Deepest first (a folder sorts after its parent), and only while empty: a folder that
    # now holds something else stays.
    folders=$( { [ -f "$created" ] && cat "$created"; echo "$plugin_dir"; } | LC_ALL=C sort -ru)
    if [ -f "$created" ]; then rm -f "$created"; say "removed $created"; fi
    printf '%s\n' "$folders" | while IFS= read -r dir; do
      if [ -n "$dir" ] && rmdir "$dir" 2>/dev/null; then say "removed $dir/"; fi
    done
  }
  each_gimp uninstall_one
  say "uninstalled (restart GIMP to forget the menu entries)"
  exit 0
fi

# --- install ------------------------------------------------------------------------------
[ -f "$source_dir/gegl-0.4/$module_name" ] || die "no GEGL module at $source_dir/gegl-0.4/$module_name (an incomplete folder?)"
for b in $brush_files; do
  [ -f "$source_dir/$b" ] || die "no $b in $source_dir (an incomplete folder?)"
done
[ -n "$gimps" ] || die "no GIMP found (install GIMP 2.10 or 3, or start the Flatpak GIMP once so that its profile exists)"

# GIMP skips its first-run set-up (and carrying over an older version's settings) when its
# profile folder exists: a native GIMP that never ran makes its own first, in batch mode.
first_start() {
  series=$1 version=$2 profile=$3 kind=$5
  [ "$kind" = native ] && [ ! -d "$profile" ] || return 0
  for gimp in "gimp-console-$version" "gimp-$version"; do
    has "$gimp" || continue
    say "GIMP $version has no profile yet: starting it once in batch mode to make $profile"
    if [ "$series" = 2 ]; then
      timeout 600 "$gimp" -i -d -f -b '(gimp-quit 0)' >/dev/null 2>&1 || true
    else
      timeout 600 "$gimp" -i -d -f --quit >/dev/null 2>&1 || true
    fi
    break
  done
}
each_gimp first_start

# Copy next to the target, then rename over it: a running GIMP that has the old module
# mapped keeps its copy instead of crashing on a file rewritten under it. The folders it had
# to make are appended to $new_folders (a file).
new_folders=$(mktemp)
trap 'rm -f "$new_folders"' EXIT
put() {   # put FROM TO MODE [quiet]
  from=$1 to=$2 mode=$3 quietly=${4:-}
  dir=$(dirname "$to")
  while [ ! -d "$dir" ]; do echo "$dir" >>"$new_folders"; dir=$(dirname "$dir"); done
  mkdir -p "$(dirname "$to")"
  if [ -e "$to" ] && cmp -s "$from" "$to"; then [ -n "$quietly" ] || say "up to date: $to"; return; fi
  cp "$from" "$to.new.$$"
  chmod "$mode" "$to.new.$$"
  mv -f "$to.new.$$" "$to"
  [ -n "$quietly" ] || say "installed $to"
}
install_one() {
  series=$1 version=$2 profile=$3 module_dir=$4 kind=$5
  if [ "$kind" = native ] && [ ! -d "$profile" ]; then
    say "skipped GIMP $version: it has no profile at $profile; start it once, then run this again"
    return 0
  fi
  : >"$new_folders"
  plugin=gimp-2.10; [ "$series" = 2 ] || plugin=gimp-3
  if [ -f "$source_dir/$plugin/impasto" ]; then
    echo "$(name_of "$@") ($profile)" >>"$done_list"
  else
    say "no plug-in for the GIMP in $profile here (no $plugin build): it gets the GEGL ops, the brush and the dynamics"
  fi
  installed_files "$series" "$profile" "$module_dir" "$source_dir" | while IFS='|' read -r from to mode how; do
    put "$source_dir/$from" "$to" "$mode" "$how"
  done
  if [ -f "$source_dir/$plugin/impasto" ] && [ -d "$source_dir/help" ]; then
    say "installed the help pages in $profile/plug-ins/impasto/help ($(cd "$source_dir/help" && ls -d */gimp-help.xml | sed 's,/.*,,' | tr '\n' ' '))"
  fi
  for b in $former_brush_files; do
    if [ -e "$profile/$b" ]; then rm -f "$profile/$b"; say "removed an earlier version's $profile/$b"; fi
  done
  # Added to what earlier installs created (a reinstall finds their folders in place).
  if [ -s "$new_folders" ]; then
    mkdir -p "$profile/plug-ins/impasto"
    cat "$new_folders" >>"$profile/plug-ins/impasto/installed-folders"
  fi
}
done_list=$(mktemp)
trap 'rm -f "$new_folders" "$done_list"' EXIT
each_gimp install_one

# --- verify -------------------------------------------------------------------------------
# GEGL_PATH replaces GEGL's default folders (AppImages set it): a GEGL started with it never
# looks in ours.
hidden=0
case ":${GEGL_PATH:-}:" in
  ::|*":$native_module_dir:"*) ;;
  *) hidden=1
     say "warning: GEGL_PATH is set ($GEGL_PATH) without $native_module_dir: a GIMP started with it will not find the Impasto ops; add that folder to GEGL_PATH" ;;
esac
# gegl makes babl and swap folders in the cache folder: a scratch one, so that nothing else
# is left behind.
if [ "$hidden" = 0 ] && has gegl && printf '%s\n' "$gimps" | grep -q "|$native_module_dir|native\$"; then

  cache=$(mktemp -d)
  for op in $ops; do
    XDG_CACHE_HOME=$cache gegl --exists "$op" 2>/dev/null \
      || { rm -rf "$cache"; die "gegl does not see $op after install (is GEGL_PATH set without $native_module_dir?)"; }
  done
  rm -rf "$cache"
  say "verified: gegl sees $ops"
fi
say "plug-in installed for: $(tr '\n' ' ' <"$done_list" | sed 's/ $//')"
say "done: restart GIMP. The menus: Colors → Impasto Pencil Hue/Saturation, Filters → Light and Shadow (Impasto Emboss, Impasto Paint Relief, Impasto Normal Light), Filters → Map → Impasto Bristle Normal Map, Edit → Impasto Bristle Stroke Path; the brush and dynamics are called Impasto Bristle."
if printf '%s\n' "$gimps" | grep -q '^3|'; then
  say "in GIMP 3, emboss, paint relief, the normal map and the pencil are live filters you can edit later (the fx icon in the Layers dialog)"
fi
