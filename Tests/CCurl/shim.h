#ifndef LOUPE_CCURL_SHIM_H
#define LOUPE_CCURL_SHIM_H

// The test client's only system dependency. Without libcurl's headers a plain `swift build` of
// the whole package (which builds the test client too) stops here with the package to install.
#if __has_include(<curl/curl.h>)
#include <curl/curl.h>
#else
#error "Loupe's test client needs libcurl's headers: apt-get install libcurl4-openssl-dev (scripts/test installs it; `swift build --product loupe` builds the service without it)"
#endif

// curl_easy_setopt and curl_easy_getinfo are variadic macros that Swift cannot call;
// these typed wrappers are the only entry points the test client needs.

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*ccurl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode ccurl_setopt_write_callback(CURL *handle, CURLoption option, ccurl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
