#!/usr/bin/env bash
# Installs one release of Hookwall on this machine and switches to it:
#   sudo deploy/release.sh /path/to/unpacked/source v1.4.0
# The source is copied to /opt/hookwall/releases/<version>, installed, built and migrated there;
# then /opt/hookwall/current points at it and the units on this machine restart. The previous
# release stays for a rollback (deploy/README.md, "Upgrades"). Set SKIP_MIGRATE=1 on every machine
# but one (migrations need to run once per release, before the new code serves).
set -euo pipefail

src="${1:?usage: release.sh <source directory> <version>}"
version="${2:?usage: release.sh <source directory> <version>}"
root=/opt/hookwall
dest="$root/releases/$version"

if [ -e "$dest" ]; then echo "$dest exists already; pick another version name" >&2; exit 1; fi
install -d -o root -g root -m 0755 "$root/releases"
cp -a "$src" "$dest"
chown -R root:root "$dest"
cd "$dest"

echo "== npm ci"
# dependencies only: the build's tools are among them, and the units run the built JavaScript
NODE_ENV=production npm ci --no-audit --no-fund

echo "== build"
npm run build

echo "== migrate"
if [ "${SKIP_MIGRATE:-0}" = 1 ]; then
  echo "skipped (SKIP_MIGRATE=1)"
else
  if npm run | grep -qE '^  migrate$'; then
    # the database settings the units use (the file is not shell syntax: read, not sourced)
    db_env=()
    while IFS= read -r line; do
      case "$line" in DATABASE_URL=* | DATABASE_SCHEMA=*) db_env+=("$line") ;; esac
    done </etc/hookwall/hookwall.env
    install -d -o hookwall -g hookwall -m 0750 /var/lib/hookwall
    runuser -u hookwall -- env HOME=/var/lib/hookwall DATA_DIR=/var/lib/hookwall NODE_ENV=production "${db_env[@]}" npm run migrate
  else
    echo "no migrate script in this release: every process migrates at start, under an advisory lock"
  fi
fi

echo "== switch"
ln -sfn "$dest" "$root/current.new"
mv -T "$root/current.new" "$root/current"
for unit in hookwall-api hookwall-worker; do
  if systemctl is-enabled --quiet "$unit" 2>/dev/null; then
    echo "restarting $unit"
    systemctl restart "$unit"
  fi
done
echo "release $version is live; now run the smoke test (deploy/README.md, \"Smoke test\")"
