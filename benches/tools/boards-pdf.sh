#!/usr/bin/env bash
# The test pictures of chess diagrams (fixtures/pictures/README.md), the word-processor pages
# included:
#
#   bash benches/tools/boards-pdf.sh [OUT_DIR]      # default fixtures/pictures
#
# 1. `boards OUT_DIR` draws the pages and writes document.fodt (boards as tables of shaded
#    cells holding DejaVu Sans chess characters, captions under them).
# 2. LibreOffice (Writer) prints document.fodt to document.pdf; pdftoppm renders it at 150 dpi
#    in grey: document-1.png, document-2.png.
# 3. `boards OUT_DIR` again: the same pages byte for byte, and now the boards of the rendered
#    pages measured on them for truth.tsv.
#
# Needs LibreOffice Writer and poppler-utils (Debian: libreoffice-writer-nogui, poppler-utils)
# and the fonts of benches/tools/boards.rs (fonts-dejavu-core, fonts-freefont-ttf,
# fonts-noto-core). Any font arguments after OUT_DIR are passed to `boards`.
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=${1:-fixtures/pictures}
shift || true
# Old renders out of the way first: the first run would measure them against the new document.
rm -f "$OUT"/document-*.png
cargo run --release --quiet --example boards -- "$OUT" "$@"

# A user profile of its own, so that a LibreOffice already open does not take the job.
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT
soffice "-env:UserInstallation=file://$PROFILE" --headless --convert-to pdf --outdir "$OUT" \
    "$OUT/document.fodt" >/dev/null
pdftoppm -r 150 -gray -png "$OUT/document.pdf" "$OUT/document"

cargo run --release --quiet --example boards -- "$OUT" "$@"
