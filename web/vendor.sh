#!/usr/bin/env bash
# Copies the pinned ECharts build from the npm registry into the embed folder
# (web/static/vendor/echarts). Run it by hand to upgrade: change VERSION, run,
# commit the files it writes. The server needs no Node at run time.
set -euo pipefail
VERSION=6.1.0
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "echarts@$VERSION" >/dev/null && tar -xzf "echarts-$VERSION.tgz")
dest=static/vendor/echarts
mkdir -p "$dest"
cp "$tmp/package/dist/echarts.min.js" "$dest/echarts.min.js"
cp "$tmp/package/LICENSE" "$dest/LICENSE"
[ -f "$tmp/package/NOTICE" ] && cp "$tmp/package/NOTICE" "$dest/NOTICE"
echo "$VERSION" > "$dest/VERSION"
echo "echarts $VERSION -> web/$dest"
