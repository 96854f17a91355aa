#!/usr/bin/env bash
# Regenerates the web page's screenshots that the documentation shows, in headless Chromium on `catalog serve` with
# the sample catalog (a genre and a book pushed from it):
#
#   docs/images/web-page.png        a 1280×800 window: sidebar, content and detail
#   docs/images/web-page-phone.png  a 390×844 phone: the detail alone, with the back button
#
# Needs Chromium and chromedriver (Debian: chromium, chromium-driver) and libmicrohttpd. Commit the images it writes.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
CATALOG_UPDATE_SCREENSHOT=1 swift test --skip-build --filter 'WebBrowserTests/theDocumentationScreenshots'
for image in docs/images/web-page.png docs/images/web-page-phone.png; do
    [ -s "$image" ] || { echo "screenshots: $image was not written (was the test skipped?)" >&2; exit 1; }
done
echo "screenshots: docs/images/web-page.png docs/images/web-page-phone.png"
