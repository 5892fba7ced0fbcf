# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by tools/gimp3-env, tools/build-deb and tools/test-deb-install:
# the Debian suite their roots and packages are made for, and the one
# mmdebstrap call that makes such a root.
#
# FFT_BANDPASS_DEBIAN names the suite: trixie (Debian 13, GIMP 3.0, the
# default) or forky (Debian testing, GIMP 3.2).

debian_suite=${FFT_BANDPASS_DEBIAN:-trixie}

# Where tools/build-deb leaves the package of the suite by default, and
# tools/test-deb-install takes it from: build-deb, or build-deb-SUITE when
# FFT_BANDPASS_DEBIAN is set.
debian_package_folder=build-deb${FFT_BANDPASS_DEBIAN:+-$FFT_BANDPASS_DEBIAN}

# The Debian archive the host's apt uses (deb.debian.org where none is found).
debian_mirror() {
  local url
  url=$(grep -hoE '(^deb|^URIs:) +[^ ]*/debian/?( |$)' \
          /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
        | awk '{ print $2; exit }')
  echo "${url:-http://deb.debian.org/debian}"
}

# Makes a root of the suite with apt in folder $1; mmdebstrap's options
# follow. Debian testing's Release file may be past its Valid-Until date.
make_debian_root() {
  local target=$1
  shift
  # Two roots made at once would both install mmdebstrap, and the second
  # apt-get would fail on the host's dpkg lock: one installs, the other waits.
  mkdir -p "$(dirname "$target")"
  (
    flock 8
    command -v mmdebstrap >/dev/null || {
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap
    }
  ) 8>>"$(dirname "$target")/host-apt.lock"
  mmdebstrap --aptopt='Acquire::Check-Valid-Until "false"' --variant=apt "$@" \
    "$debian_suite" "$target" "deb $(debian_mirror) $debian_suite main"
}
