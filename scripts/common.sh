# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# What plugin-install.sh and the scripts beside this file share: where things are, Impasto's
# version, how they talk, and which GIMPs this machine has. Sourced, never run.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)   # the repository
installer=$here/bundle/install.sh
# shellcheck disable=SC2034  # read by the scripts that source this file
module_name=libimpasto-gegl.so
# shellcheck disable=SC2034  # likewise
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$here/Sources/ImpastoFrontEnd/Version.swift")

say() { printf 'impasto: %s\n' "$*"; }
die() { printf 'impasto: error: %s\n' "$*" >&2; exit 1; }
has() { command -v "$1" >/dev/null 2>&1; }
available() { apt-cache show "$1" >/dev/null 2>&1; }
is_root() { [ "$(id -u)" = 0 ]; }

# Each line: series|version|profile|module folder|kind (bundle/install.sh --list).
find_gimps() { sh "$installer" --list; }
# Whether the list $1 (find_gimps') holds a GIMP of the series $2 (2: GIMP 2.10, 3: GIMP 3.x).
has_series() { printf '%s\n' "$1" | grep -q "^$2|"; }
