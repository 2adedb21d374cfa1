#!/usr/bin/env bash
# Runs a command as it would run on a machine with nothing but Node.js: in a private mount
# namespace where the system's Chromium, ffmpeg, ffprobe and fonts are hidden (whiteouts over
# /usr/bin, empty folders over Chromium's and the fonts' folders). Nothing outside the command
# sees a change. Needs root (CI runs as root); used by .ci/run and the fresh-machine test.
set -euo pipefail
if [ "${HOOKWALL_TOOLS_HIDDEN:-}" != 1 ]; then
  exec unshare --mount --propagation private env HOOKWALL_TOOLS_HIDDEN=1 "$0" "$@"
fi
whiteouts="$(mktemp -d)"
for name in chromium chromium-headless-shell chromium-browser google-chrome ffmpeg ffprobe; do
  if [ -e "/usr/bin/$name" ] || [ -L "/usr/bin/$name" ]; then mknod "$whiteouts/$name" c 0 0; fi
done
mount -t overlay hookwall-hidden -o "lowerdir=$whiteouts:/usr/bin" /usr/bin
for dir in /usr/lib/chromium /usr/lib/chromium-headless-shell /usr/share/fonts /usr/local/share/fonts \
  /var/cache/fontconfig "$HOME/.fonts" "$HOME/.local/share/fonts" "$HOME/.cache/fontconfig"; do
  if [ -d "$dir" ]; then mount -t tmpfs hookwall-hidden "$dir"; fi
done
exec "$@"
