// ICU's headers, for CWordBreak.c only (include/CWordBreak.h says why no Swift module imports this).
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
