#ifndef CLOUPE_WEB_FILES_H
#define CLOUPE_WEB_FILES_H

/// One file built into the binary: its name in Sources/LoupeWeb (or the repository's root, for
/// the OpenAPI documents), its bytes and their count.
struct loupe_web_file {
    const char *name;
    const unsigned char *bytes;
    unsigned long length;
};

/// The built-in file named `name`, or null when there is none.
const struct loupe_web_file *loupe_web_file_named(const char *name);

#endif
