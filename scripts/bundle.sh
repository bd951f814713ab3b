#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the release bundle, dist/impasto-<version>-linux-x86_64.tar.gz, as root on Debian 12:
# the GEGL module, GIMP 2.10's plug-in and impasto-data built here, GIMP 3's plug-in built in a
# Debian 13 root (.ci/gimp3-root; libgimp-3.0 3.0.x, so it runs in GIMP 3.0 and 3.2), laid out
# by scripts/stage.sh with bundle/install.sh, bundle/README and LICENSE. It then checks what the
# binaries need: glibc ≤ 2.36, and only libraries GIMP 2.10, 3.0 and 3.2 load.
#
#   scripts/bundle.sh   (plugin-install.sh --bundle)
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

is_root || die "--bundle builds GIMP 3's plug-in in a Debian 13 root (chroot): run it as root"
pkg-config --exists gimpui-2.0 2>/dev/null || available libgimp2.0-dev ||
  die "--bundle runs on Debian 12, whose libgimp2.0-dev builds the GIMP 2.10 plug-in"
"$here/scripts/packages.sh" --bundle
dist=$here/dist
name=impasto-$version
stage=$dist/$name
rm -rf "$stage" "$dist/$name-linux-x86_64.tar.gz"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Scratch paths of their own: a `swift test` running in .build (whose tests call this) keeps
# its lock there.
say "building (release) the GEGL module, impasto for GIMP 2.10 and impasto-data on this Debian 12"
host_bin=$("$here/scripts/build.sh" --scratch-path .build-bundle impasto-gegl impasto impasto-data)
say "building (release) impasto3 for GIMP 3 in a Debian 13 root (libgimp-3.0 3.0.x: it runs in GIMP 3.0 and 3.2)"
"$here/.ci/gimp3-root" make trixie >"$log" 2>&1 || { tail -n 20 "$log" >&2; die "could not make the Debian 13 root"; }
# The repository is at its own path in the root, so the bin path printed there is the host's.
root_bin=$("$here/.ci/gimp3-root" run trixie "$here/scripts/build.sh" --scratch-path .build-bundle-trixie impasto3 | tail -n 1) ||
  die "the build of impasto3 in the Debian 13 root failed (above)"
"$here/scripts/stage.sh" --copy --gimp3 "$root_bin/impasto3" "$host_bin" "$stage"
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

cp "$installer" "$stage/install.sh"
cp "$here/bundle/README" "$here/LICENSE" "$stage/"
sed -i "s/@VERSION@/$version/g" "$stage/README"
chmod 755 "$stage/install.sh" "$stage/gimp-2.10/impasto" "$stage/gimp-3/impasto"
chmod 644 "$stage/gegl-0.4/$module_name" "$stage/README" "$stage/LICENSE" "$stage"/locale/*/LC_MESSAGES/impasto.mo
find "$stage/help" -type f -exec chmod 644 {} +
tar -C "$dist" --owner=0 --group=0 --numeric-owner -czf "$dist/$name-linux-x86_64.tar.gz" "$name"
rm -rf "$stage"
say "bundle: $dist/$name-linux-x86_64.tar.gz ($(du -h "$dist/$name-linux-x86_64.tar.gz" | cut -f1))"
