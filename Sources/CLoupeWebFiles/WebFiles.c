// The files Loupe serves as they are (the web page, its scripts, both OpenAPI documents), built
// into the binary with C23's #embed: the compiler reads each file's bytes straight into the
// object file (a few milliseconds), where SwiftPM's `.embedInCode` wrote them out as a Swift
// array literal of some 600,000 elements that took the Swift compiler minutes and over a
// gigabyte (issue 45 §5). #embed also names each file in the compiler's dependency output, so
// the build notices when one changes. The binary stays self-contained: no resource bundle.
#include "CLoupeWebFiles.h"

#include <string.h>

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char file0[] = {
#embed "../LoupeWeb/index.html"
};
static const unsigned char file1[] = {
#embed "../LoupeWeb/api.js"
};
static const unsigned char file2[] = {
#embed "../LoupeWeb/demo-address.html"
};
static const unsigned char file3[] = {
#embed "../LoupeWeb/demo-address.js"
};
static const unsigned char file4[] = {
#embed "../LoupeWeb/demo-detail.html"
};
static const unsigned char file5[] = {
#embed "../LoupeWeb/demo-grid.html"
};
static const unsigned char file6[] = {
#embed "../LoupeWeb/demo.css"
};
static const unsigned char file7[] = {
#embed "../LoupeWeb/demo.js"
};
static const unsigned char file8[] = {
#embed "../LoupeWeb/gestures.js"
};
static const unsigned char file9[] = {
#embed "../LoupeWeb/icon.svg"
};
static const unsigned char file10[] = {
#embed "../LoupeWeb/layers.js"
};
static const unsigned char file11[] = {
#embed "../LoupeWeb/main.js"
};
static const unsigned char file12[] = {
#embed "../LoupeWeb/panel.js"
};
static const unsigned char file13[] = {
#embed "../LoupeWeb/pictures.js"
};
static const unsigned char file14[] = {
#embed "../LoupeWeb/prototype.css"
};
static const unsigned char file15[] = {
#embed "../LoupeWeb/settings.js"
};
static const unsigned char file16[] = {
#embed "../../openapi.yaml"
};
static const unsigned char file18[] = {
#embed "../LoupeWeb/demo-conformance.html"
};
static const unsigned char file19[] = {
#embed "../LoupeWeb/demo-conformance.js"
};
static const unsigned char file17[] = {
#embed "../../openapi-3.2.yaml"
};
static const unsigned char file20[] = {
#embed "../LoupeWeb/phases.js"
};

static const struct loupe_web_file files[] = {
    {"index.html", file0, sizeof file0},
    {"api.js", file1, sizeof file1},
    {"demo-address.html", file2, sizeof file2},
    {"demo-address.js", file3, sizeof file3},
    {"demo-detail.html", file4, sizeof file4},
    {"demo-grid.html", file5, sizeof file5},
    {"demo.css", file6, sizeof file6},
    {"demo.js", file7, sizeof file7},
    {"gestures.js", file8, sizeof file8},
    {"icon.svg", file9, sizeof file9},
    {"layers.js", file10, sizeof file10},
    {"main.js", file11, sizeof file11},
    {"panel.js", file12, sizeof file12},
    {"pictures.js", file13, sizeof file13},
    {"prototype.css", file14, sizeof file14},
    {"settings.js", file15, sizeof file15},
    {"openapi.yaml", file16, sizeof file16},
    {"openapi-3.2.yaml", file17, sizeof file17},
    {"demo-conformance.html", file18, sizeof file18},
    {"demo-conformance.js", file19, sizeof file19},
    {"phases.js", file20, sizeof file20},
};

const struct loupe_web_file *loupe_web_file_named(const char *name) {
    for (unsigned long index = 0; index < sizeof files / sizeof files[0]; index++) {
        if (strcmp(files[index].name, name) == 0) return &files[index];
    }
    return 0;
}
