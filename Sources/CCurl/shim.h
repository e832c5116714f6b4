#ifndef NAVSHELL_CCURL_SHIM_H
#define NAVSHELL_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call. Each shim below fixes the type of the one value argument; nothing else lives here.

static inline CURLcode cshim_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode cshim_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode cshim_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode cshim_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

/// For CURLOPT_ERRORBUFFER: a buffer of CURL_ERROR_SIZE bytes.
static inline CURLcode cshim_easy_setopt_error_buffer(CURL *easy, char *buffer) {
    return curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, buffer);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share this signature.
static inline CURLcode cshim_easy_setopt_write_callback(CURL *easy, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode cshim_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

/// For CURLINFO_PRIVATE.
static inline CURLcode cshim_easy_getinfo_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode cshim_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode cshim_multi_setopt_socket_callback(CURLM *multi, curl_socket_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode cshim_multi_setopt_timer_callback(CURLM *multi, curl_multi_timer_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, value);
}

#endif
