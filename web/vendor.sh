#!/usr/bin/env bash
# Copies the pinned third-party builds the pages use into the embed folder
# (web/static/vendor): ECharts from the npm registry as published, and a
# CodeMirror 6 editor bundled once here with esbuild. Run it by hand to
# upgrade: change the versions, run, commit the files it writes. Node and
# npm are needed only here: the server and the static build need no Node.
set -euo pipefail
ECHARTS=6.1.0
CODEMIRROR=6.0.2     # the codemirror meta-package (basicSetup)
LANG_PYTHON=6.2.1    # @codemirror/lang-python: Starlark is a Python dialect
ESBUILD=0.28.2
cd "$(dirname "$0")"
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ECharts: the published minified build.
(cd "$tmp" && npm pack --silent "echarts@$ECHARTS" >/dev/null && tar -xzf "echarts-$ECHARTS.tgz")
dest=static/vendor/echarts
mkdir -p "$dest"
cp "$tmp/package/dist/echarts.min.js" "$dest/echarts.min.js"
cp "$tmp/package/LICENSE" "$dest/LICENSE"
[ -f "$tmp/package/NOTICE" ] && cp "$tmp/package/NOTICE" "$dest/NOTICE"
echo "$ECHARTS" > "$dest/VERSION"
echo "echarts $ECHARTS -> web/$dest"

# CodeMirror 6: one IIFE bundle exposing globalThis.CM = {EditorView,
# basicSetup, python, ...}, built by esbuild from the pinned packages.
cm="$tmp/cm"
mkdir -p "$cm"
cat > "$cm/package.json" <<JSON
{"private": true, "dependencies": {"codemirror": "$CODEMIRROR", "@codemirror/lang-python": "$LANG_PYTHON", "esbuild": "$ESBUILD"}}
JSON
cat > "$cm/entry.js" <<'JS'
export { EditorView, basicSetup } from 'codemirror';
export { EditorState } from '@codemirror/state';
export { python } from '@codemirror/lang-python';
export { keymap } from '@codemirror/view';
export { indentWithTab } from '@codemirror/commands';
export { linter, lintGutter, setDiagnostics } from '@codemirror/lint';
JS
(cd "$cm" && npm install --silent --no-audit --no-fund >/dev/null && npx --no-install esbuild entry.js --bundle --minify --format=iife --global-name=CM --legal-comments=none --outfile=codemirror.min.js)
dest=static/vendor/codemirror
mkdir -p "$dest"
cp "$cm/codemirror.min.js" "$dest/codemirror.min.js"
cp "$cm/node_modules/codemirror/LICENSE" "$dest/LICENSE"
(cd "$cm" && node -e 'const p=require("./package.json").dependencies; for (const d of Object.keys(p).concat(["@codemirror/state","@codemirror/view","@codemirror/language","@codemirror/commands","@codemirror/lint","@lezer/python"])) { try { console.log(d, require("./node_modules/"+d+"/package.json").version) } catch {} }') > "$dest/VERSION"
echo "codemirror $CODEMIRROR (+ lang-python $LANG_PYTHON, esbuild $ESBUILD) -> web/$dest"
