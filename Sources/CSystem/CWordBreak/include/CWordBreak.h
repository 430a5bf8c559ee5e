// ICU's word break iterator behind plain C types. The Swift toolchain's Foundation carries
// its own copy of ICU's headers (module _FoundationICU, another ICU version): a Swift module
// that saw both Debian's and Foundation's `UErrorCode` failed to build ("has different
// definitions in different modules"). So no ICU header is visible to Swift: ICU is included
// only by CWordBreak.c, and this header speaks in int32_t and uint16_t.
#ifndef NMTI_CWORDBREAK_H
#define NMTI_CWORDBREAK_H

#include <stdint.h>

/// An open ICU word break iterator (UBreakIterator).
typedef struct nmti_word_iterator nmti_word_iterator;

/// Opens a word break iterator for `locale`; NULL when ICU cannot (its data missing).
nmti_word_iterator *nmti_word_iterator_open(const char *locale);

/// Points the iterator at `length` UTF-16 units (NULL and 0 detach it); 0 on success.
int nmti_word_iterator_set_text(nmti_word_iterator *iterator, const uint16_t *text, int32_t length);

/// The first boundary (0), or -1 when there is none.
int32_t nmti_word_iterator_first(nmti_word_iterator *iterator);

/// The next boundary's UTF-16 offset, or -1 (UBRK_DONE) at the end.
int32_t nmti_word_iterator_next(nmti_word_iterator *iterator);

/// Closes the iterator.
void nmti_word_iterator_close(nmti_word_iterator *iterator);

/// Writes ICU's version ("72.1") into `buffer`, which holds at least 24 bytes.
void nmti_icu_version(char *buffer);

#endif
