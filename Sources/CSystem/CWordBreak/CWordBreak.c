// See include/CWordBreak.h for why ICU is wrapped here. ICU renames every function by version
// (ubrk_open is a macro for ubrk_open_72); compiled here, the calls follow those macros.
#include "CWordBreak.h"
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

nmti_word_iterator *nmti_word_iterator_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return (nmti_word_iterator *)iterator;
}

int nmti_word_iterator_set_text(nmti_word_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t nmti_word_iterator_first(nmti_word_iterator *iterator) { return ubrk_first((UBreakIterator *)iterator); }

int32_t nmti_word_iterator_next(nmti_word_iterator *iterator) { return ubrk_next((UBreakIterator *)iterator); }

void nmti_word_iterator_close(nmti_word_iterator *iterator) { ubrk_close((UBreakIterator *)iterator); }

void nmti_icu_version(char *buffer) {
    UVersionInfo version;
    u_getVersion(version);
    char text[U_MAX_VERSION_STRING_LENGTH + 1];
    memset(text, 0, sizeof text);
    u_versionToString(version, text);
    memcpy(buffer, text, strlen(text) + 1 < 24 ? strlen(text) + 1 : 23);
    buffer[23] = 0;
}
