// ICU's word break iterator. ICU renames every function by version (ubrk_open is a
// macro for ubrk_open_72), which Swift cannot follow: these inline wrappers are
// compiled by clang, so the Swift module calls them by their plain names.
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

static inline UBreakIterator *nmti_word_iterator_open(const char *locale, UErrorCode *status) {
    return ubrk_open(UBRK_WORD, locale, NULL, 0, status);
}

static inline void nmti_word_iterator_set_text(UBreakIterator *iterator, const UChar *text, int32_t length, UErrorCode *status) {
    ubrk_setText(iterator, text, length, status);
}

static inline int32_t nmti_word_iterator_first(UBreakIterator *iterator) { return ubrk_first(iterator); }

static inline int32_t nmti_word_iterator_next(UBreakIterator *iterator) { return ubrk_next(iterator); }

static inline void nmti_word_iterator_close(UBreakIterator *iterator) { ubrk_close(iterator); }

static inline void nmti_icu_version(char *buffer) {
    UVersionInfo version;
    u_getVersion(version);
    u_versionToString(version, buffer);
}
